/**
 * The authorization matrix (docs/security.md, "Authorization matrix") for group challenges, cheers and
 * the group feed.
 */
import { CHALLENGE_ROWS } from './rows';
import { describeMatrix } from './walk';

describeMatrix(CHALLENGE_ROWS);
