import { t } from '@lingui/core/macro';

/*
 * Shared MESSAGES the sign-in page shows before its first render is done. Their German is in the core
 * catalog, not in @pushup/shared/messages-de (which German pages load with the signed-in pages'
 * catalog): the English is the spec's, word for word, as in MESSAGES.
 */

/** MESSAGES.loading */
export const loadingText = () => t`Loading...`;
/** MESSAGES.initializingFirebase */
export const initializingText = () => t`Initializing Firebase...`;
/** MESSAGES.errorInitializingFirebasePrefix */
export const firebaseFailedText = () => t`Error initializing Firebase: `;
