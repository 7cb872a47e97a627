import { type ErrorCode, STATUS_BY_CODE } from '@pushup/shared';

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
