import { z } from 'zod';
import { defineCall } from './define';

const part = z.enum(['ok', 'error']);

const healthSchema = z.object({
  status: part,
  database: part,
});
export type Health = z.infer<typeof healthSchema>;

const readinessSchema = z.object({
  status: part,
  database: part,
  identity: part,
  /** The process has begun to shut down: it finishes what it has, and wants nothing new. */
  shuttingDown: z.boolean(),
});
export type Readiness = z.infer<typeof readinessSchema>;

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
  /**
   * Public; whether this process should get traffic (docs/operations.md, "Health"): 503 with the same
   * shape, naming the part that failed, when the database or the identity service does not answer or
   * once the process has begun to shut down.
   */
  ready: defineCall({
    method: 'GET',
    path: '/api/health/ready',
    summary:
      'Whether this process should get traffic: its database and identity service answer, and it is not shutting down',
    tags: ['health'],
    auth: false,
    status: 200,
    answer: readinessSchema,
    errors: [],
    otherAnswers: { 503: readinessSchema },
  }),
} as const;
