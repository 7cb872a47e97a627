import { challengesCalls as calls } from '@pushup/shared';
import type { FastifyInstance } from 'fastify';
import type { Reads } from '../reads';
import type { ChallengesService } from '../services/challenges/challenges.service';
import type { CheersService } from '../services/challenges/cheers.service';
import { registerCall } from './register-call';

/**
 * Group challenges, cheers and the group feed (docs/product.md, "Group challenges, cheers and the
 * feed"). Mounted under /api inside the authenticated scope.
 */
export async function challengesRoutes(
  app: FastifyInstance,
  { challenges, cheers, reads }: { challenges: ChallengesService; cheers: CheersService; reads: Reads },
) {
  registerCall(app, calls.create, async ({ auth, params, body }) =>
    reads.challengePage.page(auth, params.id, await challenges.create(auth, params.id, body)),
  );
  registerCall(app, calls.list, ({ auth, params }) => challenges.list(auth, params.id));
  registerCall(app, calls.page, ({ auth, params }) =>
    reads.challengePage.page(auth, params.id, params.challengeId),
  );
  registerCall(app, calls.join, ({ auth, params }) => challenges.join(auth, params.id, params.challengeId));
  registerCall(app, calls.leave, ({ auth, params }) => challenges.leave(auth, params.id, params.challengeId));
  registerCall(app, calls.remove, ({ auth, params }) =>
    challenges.remove(auth, params.id, params.challengeId),
  );
  registerCall(app, calls.settings, ({ auth, params, body }) =>
    challenges.setSettings(auth, params.id, body),
  );
  registerCall(app, calls.running, ({ auth }) => challenges.running(auth));
  registerCall(app, calls.cheer, ({ auth, params }) =>
    cheers.cheer(auth, params.id, params.userId, params.day),
  );
  registerCall(app, calls.uncheer, ({ auth, params }) =>
    cheers.takeBack(auth, params.id, params.userId, params.day),
  );
  registerCall(app, calls.cheers, ({ auth }) => cheers.received(auth));
  registerCall(app, calls.cheerSettings, ({ auth, body }) => cheers.setSettings(auth, body));
  registerCall(app, calls.feed, ({ auth, params, query }) => reads.groupFeed.page(auth, params.id, query));
}
