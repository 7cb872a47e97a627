/**
 * The authorization matrix (docs/security.md, "Authorization matrix") for groups: every role's answer
 * on the group's calls, and an admin reaching into another group through the group's paths.
 */
import { GROUP_ROWS } from './rows';
import { describeMatrix } from './walk';

describeMatrix(GROUP_ROWS);
