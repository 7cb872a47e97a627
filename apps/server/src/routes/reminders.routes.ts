import { remindersCalls as calls } from '@pushup/shared';
import type { FastifyInstance } from 'fastify';
import type { RemindersService } from '../services/reminders/reminders.service';
import { registerCall } from './register-call';

/** The reminder calls (docs/product.md, "Reminders"). Mounted under /api inside the authenticated scope. */
export async function remindersRoutes(app: FastifyInstance, { reminders }: { reminders: RemindersService }) {
  registerCall(app, calls.get, ({ auth }) => reminders.get(auth));
  registerCall(app, calls.update, ({ auth, body }) => reminders.update(auth, body));
  registerCall(app, calls.addDevice, ({ auth, body }) => reminders.addDevice(auth, body));
  registerCall(app, calls.removeDevice, ({ auth, params }) => reminders.removeDevice(auth, params.deviceId));
  registerCall(app, calls.test, ({ auth }) => reminders.test(auth));
}
