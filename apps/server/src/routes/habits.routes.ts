import { habitsCalls as calls } from '@pushup/shared';
import type { FastifyInstance } from 'fastify';
import type { Reads } from '../reads';
import type { HabitsService } from '../services/habits/habits.service';
import { registerCall } from './register-call';

/**
 * Streaks, records, achievements and the user's settings (docs/product.md, "Calls"). Mounted under
 * /api inside the authenticated scope.
 */
export async function habitsRoutes(
  app: FastifyInstance,
  { habits, reads }: { habits: HabitsService; reads: Reads },
) {
  registerCall(app, calls.streak, ({ auth }) => reads.history.streak(auth));
  registerCall(app, calls.records, ({ auth }) => reads.history.records(auth));
  registerCall(app, calls.achievements, ({ auth }) => reads.history.achievements(auth));
  registerCall(app, calls.achievementsSeen, ({ auth, body }) => habits.markSeen(auth, body));
  registerCall(app, calls.groupAchievements, ({ auth, params }) =>
    reads.groupAchievements.groupAchievements(auth, params.id),
  );
  registerCall(app, calls.settings, ({ auth }) => habits.settings(auth));
  registerCall(app, calls.updateSettings, ({ auth, body }) => habits.updateSettings(auth, body));
}
