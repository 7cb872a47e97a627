/** The authorization matrix (docs/security.md, "Authorization matrix") for the operators' calls on the instance. */
import { ADMIN_INSTANCE_ROWS } from './rows';
import { describeMatrix } from './walk';

describeMatrix(ADMIN_INSTANCE_ROWS);
