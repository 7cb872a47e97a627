/**
 * The authorization matrix (docs/security.md, "Authorization matrix") for the public calls, the
 * caller's profile and account, and their data out and in.
 */
import { DATA_ROWS, PUBLIC_ROWS, USER_ROWS } from './rows';
import { describeMatrix } from './walk';

describeMatrix([...PUBLIC_ROWS, ...USER_ROWS, ...DATA_ROWS]);
