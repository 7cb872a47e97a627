import { MESSAGES } from '@pushup/shared';
import { AppError } from './app-error';

/** The caller has a valid token but no profile (yet, or any more): 404 USER_NOT_FOUND. */
export const userNotFound = () => new AppError('USER_NOT_FOUND', MESSAGES.serverUserNotFound);
