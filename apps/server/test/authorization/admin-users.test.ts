/** The authorization matrix (docs/security.md, "Authorization matrix") for the operators' calls on invites and users. */
import { ADMIN_USERS_ROWS } from './rows';
import { describeMatrix } from './walk';

describeMatrix(ADMIN_USERS_ROWS);
