import { invitesCalls } from '@pushup/shared';
import type { FastifyInstance } from 'fastify';
import type { InviteLinksService } from '../services/groups/invite-links.service';
import { registerCall } from './register-call';

/** Invite links (docs/product.md, "Calls"). */
export async function invitesRoutes(
  app: FastifyInstance,
  { inviteLinks }: { inviteLinks: InviteLinksService },
) {
  const calls = invitesCalls;
  registerCall(app, calls.create, ({ auth, params, body }) =>
    inviteLinks.createInvite(auth, params.id, body),
  );
  registerCall(app, calls.list, ({ auth, params }) => inviteLinks.listInvites(auth, params.id));
  registerCall(app, calls.revoke, ({ auth, params }) =>
    inviteLinks.revokeInvite(auth, params.id, params.inviteId),
  );
  registerCall(app, calls.check, ({ auth, params }) => inviteLinks.checkInvite(auth, params.code));
  registerCall(app, calls.accept, ({ auth, params }) => inviteLinks.acceptInvite(auth, params.code));
}

/** The public call of invite links: no token, limited per address (docs/security.md). */
export async function publicInvitesRoutes(
  app: FastifyInstance,
  { inviteLinks }: { inviteLinks: InviteLinksService },
) {
  registerCall(app, invitesCalls.preview, ({ params }) => inviteLinks.previewInvite(params.code));
}
