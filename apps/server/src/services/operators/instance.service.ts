import type {
  AdminGroupsPage,
  AuditFilterQuery,
  AuditPage,
  GroupMember,
  InstanceUsage,
} from '@pushup/shared';
import type { OperatorContext } from '../../auth/context';
import type { Repositories } from '../../repositories';
import { requireGroup } from '../groups/group-access';
import { auditExport, auditPage } from './audit-trail';
import { instanceUsage } from './instance-usage';

/**
 * What the operators' admin page reads of the whole instance (decision 038): every group by name, a
 * page at a time, with its member count and creator, and a group's members; the usage numbers; the
 * audit trail under a filter, as a page or as CSV. Deleting a group is GroupsService.deleteAsOperator,
 * beside the admins' own deletion; the tiers are TiersService.
 */
export class InstanceService {
  constructor(private readonly repos: Repositories) {}

  async groups(
    _operator: OperatorContext,
    query: { q: string; offset: number; limit: number },
  ): Promise<AdminGroupsPage> {
    const [rows, total] = await Promise.all([
      this.repos.instance.groupsPage(query.q, query.offset, query.limit),
      this.repos.instance.countGroups(query.q),
    ]);
    const next = query.offset + rows.length;
    return {
      groups: rows.map((row) => ({
        id: row.id,
        name: row.name,
        memberCount: row.member_count,
        maxMembers: row.max_members,
        creator: row.creator_username,
        createdAt: row.created_at,
      })),
      total,
      nextOffset: next < total ? next : null,
    };
  }

  /** The group's members, longest-standing first. */
  async groupMembers(_operator: OperatorContext, groupId: string): Promise<GroupMember[]> {
    await requireGroup(this.repos, groupId);
    const rows = await this.repos.memberships.members(groupId);
    return rows.map((row) => ({
      uuid: row.user_uuid,
      username: row.username,
      role: row.role,
      joinedAt: row.joined_at,
    }));
  }

  usage(operator: OperatorContext): Promise<InstanceUsage> {
    return instanceUsage(operator, this.repos);
  }

  audit(
    operator: OperatorContext,
    query: AuditFilterQuery & { offset: number; limit: number },
  ): Promise<AuditPage> {
    return auditPage(operator, this.repos, query);
  }

  auditCsv(operator: OperatorContext, query: AuditFilterQuery): Promise<string> {
    return auditExport(operator, this.repos, query);
  }
}
