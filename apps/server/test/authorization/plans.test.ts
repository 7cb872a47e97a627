/** The authorization matrix (docs/security.md, "Authorization matrix") for training plans, tests and workouts. */
import { PLAN_ROWS } from './rows';
import { describeMatrix } from './walk';

describeMatrix(PLAN_ROWS);
