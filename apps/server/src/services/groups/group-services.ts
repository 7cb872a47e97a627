import type { Repositories } from '../../repositories';
import { GroupsService } from './groups.service';
import { InviteLinksService } from './invite-links.service';
import { JoinRequestsService } from './join-requests.service';
import { MembershipsService } from './memberships.service';

/** The four services of groups, by concern; app.ts and the tests build them here. */
export interface GroupServices {
  groups: GroupsService;
  memberships: MembershipsService;
  joinRequests: JoinRequestsService;
  inviteLinks: InviteLinksService;
}

export function createGroupServices(repos: Repositories): GroupServices {
  return {
    groups: new GroupsService(repos),
    memberships: new MembershipsService(repos),
    joinRequests: new JoinRequestsService(repos),
    inviteLinks: new InviteLinksService(repos),
  };
}
