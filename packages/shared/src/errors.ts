import { z } from 'zod';

/** Machine-readable codes of the one error shape `{ message, code }` (design section 4). */
export const ERROR_CODES = [
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
  'RATE_LIMITED',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const errorResponseSchema = z.object({
  message: z.string(),
  code: z.string(),
  requestId: z.string().optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
