/**
 * The authorization matrix (docs/security.md, "Authorization matrix") for push-up entries and what is
 * read from them: streaks, records, achievements, and the settings they follow.
 */
import { HABIT_ROWS, PUSHUP_ROWS } from './rows';
import { describeMatrix } from './walk';

describeMatrix([...PUSHUP_ROWS, ...HABIT_ROWS]);
