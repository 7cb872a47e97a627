import type { ErrorCode } from '@pushup/shared';

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
  RATE_LIMITED: 429,
  INTERNAL: 500,
};

/** The one error type services and the pipeline throw; the error handler turns it into `{message, code}`. */
export class AppError extends Error {
  readonly statusCode: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = STATUS_BY_CODE[code];
  }
}
