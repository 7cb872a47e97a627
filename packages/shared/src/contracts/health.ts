import { z } from 'zod';
import { defineCall } from './define';

const healthSchema = z.object({
  status: z.enum(['ok', 'error']),
  database: z.enum(['ok', 'error']),
});
export type Health = z.infer<typeof healthSchema>;

export const healthCalls = {
  /** Public; 503 with the same shape when the database does not respond (load balancers take the hint). */
  check: defineCall({
    method: 'GET',
    path: '/api/health',
    summary: 'Whether the API and its database answer',
    tags: ['health'],
    auth: false,
    status: 200,
    answer: healthSchema,
    errors: [],
    otherAnswers: { 503: healthSchema },
  }),
} as const;
