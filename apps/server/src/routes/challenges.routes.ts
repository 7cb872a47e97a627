import { challengesCalls as calls } from '@pushup/shared';
import type { FastifyInstance } from 'fastify';
import type { ChallengesService } from '../services/challenges/challenges.service';
import type { CheersService } from '../services/challenges/cheers.service';
import type { FeedService } from '../services/challenges/feed.service';
import { registerCall } from './register-call';

/**
 * Group challenges, cheers and the group feed (docs/product.md, "Group challenges, cheers and the
 * feed"). Mounted under /api inside the authenticated scope.
 */
export async function challengesRoutes(
  app: FastifyInstance,
  { challenges, cheers, feed }: { challenges: ChallengesService; cheers: CheersService; feed: FeedService },
) {
  registerCall(app, calls.create, ({ auth, params, body }) => challenges.create(auth, params.id, body));
  registerCall(app, calls.list, ({ auth, params }) => challenges.list(auth, params.id));
  registerCall(app, calls.page, ({ auth, params }) => challenges.page(auth, params.id, params.challengeId));
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
  registerCall(app, calls.feed, ({ auth, params, query }) => feed.page(auth, params.id, query));
}
