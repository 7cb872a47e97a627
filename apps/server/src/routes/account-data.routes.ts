import { accountDataCalls as calls } from '@pushup/shared';
import type { FastifyInstance } from 'fastify';
import type { AccountDataService } from '../services/account-data/account-data.service';
import { ImportRefused } from '../services/account-data/import-limits';
import { Download, registerCall } from './register-call';

/**
 * The caller's data out and in: the JSON and CSV exports (streamed attachments) and the import's
 * preview and commit (docs/product.md, "Export", "Import"). Mounted under /api inside the
 * authenticated scope. An import refused by its limits (429) says when to try again in `retry-after`.
 */
export async function accountDataRoutes(app: FastifyInstance, { data }: { data: AccountDataService }) {
  app.addHook('onError', async (_request, reply, error) => {
    if (error instanceof ImportRefused) reply.header('retry-after', String(error.retryAfterSeconds));
  });
  registerCall(app, calls.exportJson, async ({ auth }) => {
    const file = await data.exportJson(auth);
    return new Download(file.stream, file.fileName);
  });
  registerCall(app, calls.exportCsv, async ({ auth }) => {
    const file = await data.exportCsv(auth);
    return new Download(file.stream, file.fileName);
  });
  registerCall(app, calls.importPreview, ({ auth, body }) => data.preview(auth, body));
  registerCall(app, calls.importCommit, ({ auth, body }) => data.commit(auth, body));
}
