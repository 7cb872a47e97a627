import { z } from 'zod';

/** Machine-readable codes of the one error shape `{ message, code }` (docs/product.md, "Requests and errors"). */
const ERROR_CODES = [
  'BAD_REQUEST',
  'VALIDATION_ERROR',
  'UNAUTHENTICATED',
  'NOT_INVITED',
  'EMAIL_NOT_VERIFIED',
  'FORBIDDEN',
  'NOT_FOUND',
  'USER_NOT_FOUND',
  'USER_EXISTS',
  'USERNAME_TAKEN',
  'CONFLICT',
  'REQUEST_ALREADY_ACCEPTED',
  'ALREADY_MEMBER',
  'REQUEST_PENDING',
  'REQUEST_REJECTED',
  'GROUP_LIMIT_REACHED',
  'GROUP_FULL',
  'LAST_ADMIN',
  'INVITE_INVALID',
  'ENTRY_CONFLICT',
  'REMINDERS_UNAVAILABLE',
  'RATE_LIMITED',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** HTTP status of every error code: one table, so services only ever name a code. */
export const STATUS_BY_CODE: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  VALIDATION_ERROR: 400,
  UNAUTHENTICATED: 401,
  NOT_INVITED: 403,
  EMAIL_NOT_VERIFIED: 403,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  USER_NOT_FOUND: 404,
  USER_EXISTS: 409,
  USERNAME_TAKEN: 409,
  CONFLICT: 409,
  REQUEST_ALREADY_ACCEPTED: 409,
  ALREADY_MEMBER: 409,
  REQUEST_PENDING: 409,
  REQUEST_REJECTED: 409,
  GROUP_LIMIT_REACHED: 409,
  GROUP_FULL: 409,
  LAST_ADMIN: 409,
  INVITE_INVALID: 409,
  ENTRY_CONFLICT: 409,
  REMINDERS_UNAVAILABLE: 409,
  RATE_LIMITED: 429,
  INTERNAL: 500,
};

export const errorResponseSchema = z.object({
  message: z.string(),
  code: z.string(),
  requestId: z.string().optional(),
});
