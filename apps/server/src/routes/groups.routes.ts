import { groupsCalls } from '@pushup/shared';
import type { FastifyInstance } from 'fastify';
import type { Reads } from '../reads';
import type { GroupsService } from '../services/groups/groups.service';
import { registerCall } from './register-call';

/** Groups themselves (docs/product.md, "Calls"). Mounted under /api inside the authenticated scope. */
export async function groupsRoutes(
  app: FastifyInstance,
  { groups, reads }: { groups: GroupsService; reads: Reads },
) {
  const calls = groupsCalls;
  registerCall(app, calls.create, ({ auth, body }) => groups.create(auth, body));
  registerCall(app, calls.listMine, ({ auth }) => groups.listMine(auth));
  registerCall(app, calls.quota, ({ auth }) => groups.quota(auth));
  registerCall(app, calls.search, ({ query }) => groups.search(query.q));
  registerCall(app, calls.suggested, ({ auth }) => groups.suggested(auth));
  registerCall(app, calls.publicInfo, ({ params }) => groups.publicInfo(params.id));
  registerCall(app, calls.remove, ({ auth, params }) => groups.deleteGroup(auth, params.id));
  registerCall(app, calls.canJoin, ({ auth, params }) => groups.canJoin(auth, params.id));
  registerCall(app, calls.stats, ({ auth, params }) => reads.groupStats.stats(auth, params.id));
}

/** The public call of groups: a share link's group for a signed-out visitor (docs/security.md). */
export async function publicGroupsRoutes(app: FastifyInstance, { groups }: { groups: GroupsService }) {
  registerCall(app, groupsCalls.preview, ({ params }) => groups.preview(params.id));
}
