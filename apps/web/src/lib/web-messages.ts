/**
 * User-facing texts the web app needs that the shared MESSAGES catalogue does not (yet) hold.
 * Spec texts are never defined here; these are our own wording for situations the spec leaves open.
 */
export const WEB_MESSAGES = {
  requestFailed: 'Something went wrong. Please try again.',
  tooManyRequests: 'Too many requests. Please wait a moment and try again.',
  invalidRequest: 'The request was not valid.',
  pageNotFound: 'Page not found',
  signInFailed: 'Sign-in failed. Please try again.',
  goalDeadlineInvalid: 'Please enter a valid date.',
  verificationSent: 'Verification email sent to',
  verificationNotSent: 'The verification email could not be sent. Please try again in a few minutes.',
  emailStillUnverified: 'Your email is not verified yet. Open the link in the email we sent you first.',
  savedOffline: 'Saved on this device. It will be sent when you are back online.',
  savedUntilServerAnswers: 'Saved on this device. It will be sent as soon as the server can be reached.',
  offlineTitle: 'You are offline',
  offlineDayUnknown: 'You are offline: the entries of this day from before are not saved on this device.',
  offlineNoData: 'Nothing is saved on this device yet. Connect once to load your data.',
} as const;
