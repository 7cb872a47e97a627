/** Every user-facing text the spec quotes, word for word, so server and client never drift apart. */

export const MESSAGES = {
  firebaseConfigMissing: 'Firebase config not found in window.FIREBASE_CONFIG',
  initializingFirebase: 'Initializing Firebase...',
  errorInitializingFirebasePrefix: 'Error initializing Firebase: ',
  loading: 'Loading...',

  // Validation (spec section 5)
  usernameEmpty: 'Username cannot be empty',
  usernameTooShort: 'Username must be at least 3 characters long',
  usernameTooLong: 'Username cannot be longer than 30 characters',
  usernameSpaces: 'Username cannot contain spaces',
  usernameCharacters: 'Username can only contain letters, numbers, underscores, and hyphens',
  usernameTaken: 'Username is already taken',
  termsRequired: 'Please accept the Terms of Service and Privacy Policy',
  futureDate: 'Cannot select future dates',
  dateBeforeEarliest: 'Cannot select dates before January 1, 2025',
  goalRange: 'Goal must be a whole number between 0 and 1,000,000',
  goalDeadlineInvalid: 'Goal deadline must be a date (YYYY-MM-DD)',
  goalDescriptionTooLong: 'Goal description cannot be longer than 50 characters',
  deleteConfirmation: 'Please type "confirm" to delete your account',
  groupNameInvalid: 'Group name must be between 3 and 30 characters',
  groupSearchEmpty: 'Please enter a search term',
  pushupCountRange: 'Pushup count must be a whole number between 1 and 1000',
  pushupEditCountRange: 'Pushup count must be a whole number between 0 and 1000',
  pushupDateInvalid: 'Date must be an ISO timestamp with a time zone offset',
  dayInvalid: 'Day must be a date (YYYY-MM-DD)',
  dayRangeReversed: 'The start day must not be after the end day',
  dayRangeTooLong: 'A day range can span at most 3660 days',

  // API status catalogue (spec section 8)
  notInvited: 'Not invited to the platform. Please contact an administrator.',
  notAuthenticated: 'Not authenticated. Please sign in.',
  resourceNotFound: 'Resource not found',
  userNotRegistered: 'User not registered. Please set up your profile.',
  resourceConflict: 'Resource conflict',
  serverError: 'Server error. Please try again later.',
  requestTimedOut: 'Request timed out',
  noUserLoggedIn: 'No user logged in',
  noAuthenticatedUser: 'No authenticated user',
  notAuthenticatedShort: 'Not authenticated',
  failedToGetToken: 'Failed to get authentication token',
  networkError: 'Cannot reach the server. Check your connection and try again.',

  // Server answers (design section 4)
  serverNotInvited: 'User not invited to the platform',
  serverMissingToken: 'Missing or malformed Authorization header',
  serverInvalidToken: 'Invalid or expired authentication token',
  serverUserExists: 'User profile already exists',
  serverUserNotFound: 'User not found',
  serverInternal: 'Internal server error',
  serverNoGoalFields: 'Send at least one of personalGoal, goalDeadline or goalDescription',

  // Screen messages
  failedToLoadData: 'Failed to load data',
  failedToSetUsername: 'Failed to set username',
  failedToUpdateUsername: 'Failed to update username',
  usernameSet: 'Username set successfully!',
  usernameUpdated: 'Username updated successfully!',
  failedToLoadProfile: 'Failed to load profile data',
  failedToSignOut: 'Failed to sign out',
  failedToDeleteAccount: 'Failed to delete account',
  accountDeleted: 'Your account has been deleted',
  failedToUpdateGoal: 'Failed to update goal settings',
  goalUpdated: 'Goal settings updated successfully',

  // Push-ups (spec section 8)
  pushupNotFound: 'Pushup not found',
  pushupsSubmitted: 'Pushups submitted successfully!',
  failedToSubmitPushups: 'Failed to submit pushups',
  pushupEntryNotFound: 'Pushup entry not found',
  failedToUpdatePushupCount: 'Failed to update pushup count',
  pushupCountUpdated: 'Pushup count updated successfully',
  failedToDeletePushupEntry: 'Failed to delete pushup entry',
  pushupEntryDeleted: 'Pushup entry deleted successfully',
  noPushupsYet: 'No pushups recorded yet',
  noPushupsForDate: 'No pushups recorded for this date',
  loadingChartData: 'Loading Chart Data...',
} as const;

export type MessageKey = keyof typeof MESSAGES;
