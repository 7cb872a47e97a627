/**
 * The authorization matrix (docs/security.md, "Authorization matrix") for the share pictures: the
 * caller's own, and their groups' challenges (a public profile's picture is among the public rows).
 */
import { SHARE_CARD_ROWS } from './rows';
import { describeMatrix } from './walk';

describeMatrix(SHARE_CARD_ROWS);
