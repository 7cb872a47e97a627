/** The authorization matrix (docs/security.md, "Authorization matrix") for reminders and their devices. */
import { REMINDER_ROWS } from './rows';
import { describeMatrix } from './walk';

describeMatrix(REMINDER_ROWS);
