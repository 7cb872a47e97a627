import { z } from 'zod';
import { IMPORT_MAX_BYTES } from '../limits';
import {
  exportDocumentSchema,
  importCommitBodySchema,
  importPreviewBodySchema,
  importResultSchema,
} from '../schemas/account-data';
import { defineCall } from './define';

const tags = ['your data'];

/**
 * The JSON text of a file of IMPORT_MAX_BYTES: line breaks and quotes take two characters once
 * escaped, plus the body's own keys. A larger body is refused (413) before it is parsed; a file
 * between the two limits gets the import's own message.
 */
const IMPORT_BODY_LIMIT = 2 * IMPORT_MAX_BYTES + 1024;

/** The caller's data out and in (docs/product.md, "Export", "Import"). */
export const accountDataCalls = {
  exportJson: defineCall({
    method: 'GET',
    path: '/api/users/me/export',
    summary:
      'Everything the app holds about the caller as one JSON file (an attachment, streamed: entries last, oldest first)',
    tags,
    auth: true,
    status: 200,
    answer: exportDocumentSchema,
    errors: ['USER_NOT_FOUND'],
    download: { contentType: 'application/json; charset=utf-8' },
  }),
  exportCsv: defineCall({
    method: 'GET',
    path: '/api/pushups/export',
    summary: 'The caller’s entries as CSV (an attachment, streamed): instant,day,count, oldest first',
    tags,
    auth: true,
    status: 200,
    answer: z.string().describe('text/csv: a header line "instant,day,count", then one line per entry'),
    errors: ['USER_NOT_FOUND'],
    download: { contentType: 'text/csv; charset=utf-8' },
  }),
  importPreview: defineCall({
    method: 'POST',
    path: '/api/pushups/import/preview',
    summary:
      'Reads a CSV of entries (this app’s export, or date,count) and says what an import would add, refuse and skip; writes nothing',
    tags,
    auth: true,
    body: importPreviewBodySchema,
    status: 200,
    answer: importResultSchema,
    errors: ['USER_NOT_FOUND'],
    bodyLimit: IMPORT_BODY_LIMIT,
  }),
  importCommit: defineCall({
    method: 'POST',
    path: '/api/pushups/import',
    summary:
      'Imports the entries of a CSV that pass every rule, all in one transaction; rows already held are skipped',
    tags,
    auth: true,
    body: importCommitBodySchema,
    status: 200,
    answer: importResultSchema,
    errors: ['USER_NOT_FOUND', 'CONFLICT'],
    bodyLimit: IMPORT_BODY_LIMIT,
  }),
} as const;
