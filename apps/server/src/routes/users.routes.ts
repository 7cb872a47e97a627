import { usersCalls as calls } from '@pushup/shared';
import type { FastifyInstance } from 'fastify';
import type { UsersService } from '../services/users/users.service';
import { registerCall } from './register-call';

/** The profile calls (docs/product.md, "Calls"). Mounted under /api inside the authenticated scope. */
export async function usersRoutes(app: FastifyInstance, { users }: { users: UsersService }) {
  registerCall(app, calls.create, ({ auth, body }) => users.create(auth, body));
  registerCall(app, calls.getProfile, ({ auth }) => users.getProfile(auth));
  registerCall(app, calls.updateProfile, ({ auth, body }) => users.updateProfile(auth, body));
  registerCall(app, calls.updateGoal, ({ auth, body }) => users.updateGoal(auth, body));
  registerCall(app, calls.deleteAccount, ({ auth }) => users.deleteAccount(auth));
}
