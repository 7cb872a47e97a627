/** Every user-facing text the spec quotes, word for word, so server and client never drift apart. */

export const MESSAGES = {
  firebaseConfigMissing: 'Firebase config not found in window.FIREBASE_CONFIG',
  initializingFirebase: 'Initializing Firebase...',
  errorInitializingFirebasePrefix: 'Error initializing Firebase: ',
  loading: 'Loading...',

  // Validation (docs/product.md, "Validation")
  usernameEmpty: 'Username cannot be empty',
  usernameTooShort: 'Username must be at least 3 characters long',
  usernameTooLong: 'Username cannot be longer than 30 characters',
  usernameSpaces: 'Username cannot contain spaces',
  usernameCharacters: 'Username can only contain letters, numbers, underscores, and hyphens',
  usernameTaken: 'Username is already taken',
  termsRequired: 'Please accept the Terms of Service and Privacy Policy',
  futureDate: 'Cannot select future dates',
  dateBeforeEarliest: 'Cannot select dates before January 1, 2025',
  goalRange: 'Goal must be a whole number between 1 and 1,000,000',
  goalZero: 'A goal of 0 is reached at once: enter at least 1, or leave the field empty for no goal',
  goalDeadlinePast: 'Goal deadline cannot be in the past: choose today or a later day',
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
  entryIdInvalid: 'Entry id (uuid) must be a UUID',

  // Training plans (docs/product.md, "Training plans")
  planUnknown: 'Plan must be one of hundred, thirty-day, daily or custom',
  planLevelInvalid: 'Level must be 1, 2 or 3',
  planWeekdaysInvalid: 'Choose at least one training day, each weekday once (0 is Sunday, 6 Saturday)',
  planDailyTotalInvalid: 'Push-ups a day must be a whole number between 1 and 1000',
  planSetsInvalid: 'Sets must be a whole number between 1 and 10',
  planRepsInvalid: 'Reps per set must be a whole number between 1 and 1000',
  planRestInvalid: 'Rest must be between 10 and 600 seconds',
  planDailyMissing: 'A daily plan needs its push-ups a day and sets, and only a daily plan has them',
  planCustomMissing: 'A custom plan needs its sets, reps and rest, and only a custom plan has them',
  planActionInvalid: 'Action must be pause, resume, abandon, level or share',
  planTestCountInvalid: 'The test’s count must be a whole number between 0 and 1000',
  workoutSetsInvalid: 'A workout has between 1 and 20 sets',
  workoutSessionInvalid: 'Session must be a whole number between 0 and 10000',
  workoutSetRepsInvalid: 'Each set’s reps must be a whole number between 0 and 1000',
  workoutTotalInvalid: 'A workout’s sets must add up to between 1 and 1000 push-ups',
  // Training plans: what the server refuses (docs/product.md, "Training plans: calls")
  planStartTooEarly: 'A plan can start at most 7 days ago',
  planStartTooLate: 'A plan can start at most 30 days from today',
  planNotFound: 'You have no plan to change: start one first',
  planAlreadyPaused: 'The plan is already paused',
  planNotPaused: 'Only a paused plan can be resumed',
  workoutNoActivePlan: 'There is no active plan to log this workout for',
  workoutPlanPaused: 'The plan is paused: resume it to log a workout',
  workoutWrongSession:
    'This workout is not for the plan’s next session (it may have been logged on another device)',

  // Group challenges, cheers and the feed (docs/product.md, "Group challenges, cheers and the feed")
  challengeNameInvalid: 'Challenge name must be between 3 and 40 characters',
  challengeKindInvalid: 'Kind must be race, everyone or together',
  challengeTargetInvalid: 'The target must be a whole number between 1 and 1,000,000',
  challengeTargetMissing: 'Everyone to N and together to N need a target N, and a race has none',
  challengeMinPerDayInvalid: 'The minimum per day must be a whole number between 1 and 10,000',
  challengeEndBeforeStart: 'The end day must not be before the start day',
  challengeTooLong: 'A challenge can last at most 366 days',
  challengeStartTooEarly: 'A challenge can start at most one day before today',
  challengeSettingInvalid: 'membersMayCreateChallenges must be true or false',
  challengeNotFound: 'Challenge not found',
  challengeCreateAdminsOnly: 'Only group admins can create challenges in this group',
  challengeDeleteNotAllowed: 'Only group admins, or its creator before it starts, can delete a challenge',
  challengeOver: 'This challenge is over',
  cheerSettingInvalid: 'pushOnCheer must be true or false',
  cheerSelf: 'You cannot cheer your own day',
  cheerDayOutOfRange: 'You can cheer a day of the last 7 days',
  feedCursorInvalid: 'The cursor is not one this feed gave',
  challengeStartedTitle: 'A challenge has started',
  challengeEndedTitle: 'A challenge has ended',
  cheerTitle: 'You got a cheer',

  // API status catalogue (docs/product.md, "Messages")
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

  // Server responses (docs/product.md, "Requests and errors")
  serverNotInvited: 'User not invited to the platform',
  // Said to every unverified account, invited or not: it must not tell whether an invite exists.
  serverEmailNotVerified:
    'Please verify your email address to continue: open the link in the email we sent you, then continue.',
  // An operator disabled the account's sign-in (docs/security.md, "Operators")
  serverAccountDisabled:
    'This account has been disabled by an operator of this site. Ask them to enable it again.',
  serverMissingToken: 'Missing or malformed Authorization header',
  serverInvalidToken: 'Invalid or expired authentication token',
  serverUserExists: 'User profile already exists',
  serverUserNotFound: 'User not found',
  serverInternal: 'Internal server error',
  serverNoGoalFields: 'Send at least one of personalGoal, goalDeadline or goalDescription',
  serverEntryConflict: 'This entry was already logged with a different count or date',
  serverEntryIdInUse: 'This entry id is already in use',

  // The operators' admin page: invites and users (docs/security.md, "Operators")
  adminOperatorsOnly: 'Only an operator of this site can do this',
  adminCannotDisableSelf: 'You cannot disable your own account',
  adminCannotDeleteSelf: 'You cannot delete your own account here: delete it in your settings',
  adminDeleteUsernameMismatch: 'Type the account’s username exactly as shown to delete it',
  adminInviteNotFound: 'This address is not invited',
  adminInviteEmpty: 'The list holds no addresses',
  adminInviteTooMany: 'At most 200 addresses can be invited at once: split the list',
  adminInviteNotAnEmail: 'Not an email address',
  adminInviteTooLong: 'Longer than an email address can be (320 characters)',
  adminInviteRepeated: 'Listed more than once',

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

  // Push-ups (docs/product.md, "Messages")
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

  // Groups: client-side join eligibility and the quota (docs/product.md, "Validation" and "Messages")
  alreadyMember: 'You are already a member of this group',
  alreadyPending: 'You already have a pending join request for this group',
  previouslyRejected:
    'Your request to join this group was previously rejected. Please contact a group admin if you wish to join.',
  maxGroupsReached: 'You have reached the maximum number of groups',
  rejoinAlreadyPending: 'You already have a pending request to rejoin this group',

  // Groups: call failures (docs/product.md, "Messages" and "Other messages")
  failedToFetchGroups: 'Failed to fetch groups',
  failedToFetchGroupMembers: 'Failed to fetch group members',
  failedToRequestGroupJoin: 'Failed to request group join',
  failedToApproveJoinRequest: 'Failed to approve join request',
  failedToRejectJoinRequest: 'Failed to reject join request',
  failedToAddGroupAdmin: 'Failed to add group admin',
  failedToRemoveGroupAdmin: 'Failed to remove group admin',
  failedToSearchGroups: 'Failed to search groups',
  failedToFetchGroupStats: 'Failed to fetch group stats',
  failedToFetchJoinRequests: 'Failed to fetch join requests',
  failedToAllowRejectedMember: 'Failed to allow rejected member',
  failedToCreateInviteLink: 'Failed to create invite link',
  failedToFetchInviteLinks: 'Failed to fetch invite links',
  failedToRevokeInviteLink: 'Failed to revoke invite link',
  failedToCheckInviteLink: 'Failed to check invite link',
  failedToAcceptInvite: 'Failed to accept invite',
  failedToLeaveGroup: 'Failed to leave group',
  failedToRemoveGroupMember: 'Failed to remove group member',
  failedToCancelJoinRequest: 'Failed to cancel join request',
  failedToRequestRejoin: 'Failed to request to rejoin group',
  groupCreateServerError: 'Server error while creating group. Please try again.',

  // Groups: screen messages (docs/product.md, "Messages")
  failedToLoadGroupData: 'Failed to load group data',
  failedToCancelRequest: 'Failed to cancel request',
  joinRequestCancelled: 'Join request cancelled',
  joinRequestSent: 'Join request sent',
  groupCreated: 'Group created successfully',
  joinRequestSentSuccessfully: 'Join request sent successfully',
  joinRequestCancelledSuccessfully: 'Join request cancelled successfully',
  failedToLoadGroupStatistics: 'Failed to load group statistics',
  failedToLoadGroupStatus: 'Failed to load group status',
  loadingStatistics: 'Loading statistics...',
  cannotJoinGroup: 'Cannot join group',
  failedToCheckJoinEligibility: 'Failed to check join eligibility',
  failedToJoinGroup: 'Failed to join group',
  failedToCreateGroup: 'Failed to create group',

  // Groups: server responses (our wording; the spec leaves them open)
  serverGroupNotFound: 'Group not found',
  serverNotGroupMember: 'You are not a member of this group',
  serverAdminsOnly: 'Only group admins can do this',
  serverGroupFull: 'This group has reached its maximum number of members',
  serverRequestAlreadyAccepted: 'Your join request has already been accepted',
  serverNoPendingRequest: 'You have no pending join request for this group',
  serverRejoinPending: 'You already have a pending request for this group',
  serverRejoinNotNeeded: 'You can only ask to rejoin a group you are not in',
  serverJoinRequestNotFound: 'Join request not found',
  serverJoinRequestHandled: 'This join request has already been handled',
  serverMemberNotFound: 'This user is not a member of this group',
  serverNotRejected: 'This user has no rejected request for this group',
  serverLastAdmin: 'A group needs at least one admin: make another member an admin first',
  serverRemoveSelf: 'To leave a group yourself, use Leave group',
  serverInviteNotFound: 'Invite link not found',
  serverInviteRevoked: 'This invite link has been revoked',
  serverInviteExpired: 'This invite link has expired',
  serverInviteUsedUp: 'This invite link has reached its maximum number of uses',
  inviteMaxUsesInvalid: 'Max uses must be empty or a whole number between 1 and 1000',
  inviteExpiryInvalid: 'Expiry must be a whole number of days between 1 and 365',
  groupDescriptionTooLong: 'Group description cannot be longer than 200 characters',
  groupSearchTooLong: 'A search term can be at most 30 characters',

  // Streaks, records and achievements (docs/product.md, "Streaks" to "Achievements")
  restDaysInvalid: 'Rest days must be 0, 1 or 2 a week',
  settingsEmpty: 'Send at least one setting to change',
  achievementIdsInvalid: 'Achievement ids must be a list of known achievements',
  newPersonalBest: 'New personal best!',
  logTodayToKeepStreak: 'Log today to keep your streak',

  // Reminders (docs/product.md, "Reminders")
  reminderTimeInvalid: 'Reminder time must be HH:MM (00:00 to 23:59)',
  reminderWeekdaysInvalid: 'Reminder days must be weekdays 0 (Sunday) to 6 (Saturday), each at most once',
  reminderEnabledInvalid: 'Reminder on or off must be true or false',
  pushSubscriptionInvalid: 'A push subscription needs an https endpoint and its p256dh and auth keys',
  remindersUnavailable: 'Reminders are not set up on this server',
  reminderDeviceNotFound: 'No such device',
  noReminderDevices: 'No device of yours receives reminders yet',
  reminderTitle: 'Time for your push-ups',

  // Your data: export, import and leaderboard visibility (docs/product.md, "Export", "Import",
  // "Leaderboard visibility")
  leaderboardVisibilityInvalid: 'Show on leaderboard must be true or false',
  // Public profile (docs/product.md, "Public profile")
  publicProfileSettingsInvalid: 'Say whether your profile is public and, for each part, whether it shows',
  importFileEmpty: 'The file holds no rows to import',
  importNotCsv: 'The file must be a CSV file (text)',
  importFieldsApp: 'Expected 3 values: instant,day,count',
  importFieldsSimple: 'Expected 2 values: date,count',
  importInstantInvalid: 'The instant must be an ISO timestamp such as 2025-06-01T18:30:00.000Z',
  importDateInvalid: 'The date must be a day (YYYY-MM-DD) or an ISO timestamp',
  importDayMismatch: 'The day does not match the instant in any time zone',
  importChanged: 'Your entries changed since the preview: please check the file again',

  // Language and theme (docs/product.md, "Language and theme")
  languageInvalid: 'Language must be en (English) or de (German)',
  themeInvalid: 'Theme must be system, light or dark',

  // The operators' admin page: groups, tiers and the audit trail (docs/product.md, "Calls")
  adminGroupNameMismatch: 'The name typed does not match the group’s name: nothing was deleted',
  tierNameInvalid: 'Tier name must be between 1 and 40 characters, on one line',
  tierNameTaken: 'A tier with this name exists already',
  tierNotFound: 'Tier not found',
  tierMaxGroupsInvalid: 'Max groups must be a whole number between 1 and 100000',
  tierMaxMembersInvalid: 'Max members per group must be a whole number between 1 and 100000',
  auditActionInvalid: 'Action must be one of the audit trail’s actions',
  auditFilterTooLong: 'A filter text can be at most 200 characters',
  shareCardPeriodInvalid: 'Period must be day or week',
  achievementIdInvalid: 'Achievement must be one of the known achievements',
} as const;

export type MessageKey = keyof typeof MESSAGES;

/** The quota message of docs/product.md, "Messages", with the user's maxGroups. */
function groupQuotaMessage(maxGroups: number): string {
  return `You have reached your maximum limit of ${maxGroups} groups. Please leave a group before joining another one.`;
}

/** A streak's length as the app shows it: '1-day streak', '12-day streak'. */
function streakLabel(days: number): string {
  return `${days}-day streak`;
}

/** The reminder's text: 'Time for your push-ups: 12-day streak', or the title alone with no streak. */
function reminderText(streakDays: number): string {
  return streakDays > 0 ? `${MESSAGES.reminderTitle}: ${streakLabel(streakDays)}` : MESSAGES.reminderTitle;
}

/** The reminder on a plan's training day: 'Today: week 3, day 2 — 5 sets, 62 push-ups'. */
function reminderWorkoutText(week: number, day: number, sets: number, pushups: number): string {
  return `Today: week ${week}, day ${day} — ${sets} ${sets === 1 ? 'set' : 'sets'}, ${pushups} push-ups`;
}

/** A group may not be created larger than the creator's tier allows. */
export function groupMaxMembersMessage(maxMembersPerGroup: number): string {
  return `Your plan allows at most ${maxMembersPerGroup} members per group`;
}

/** An import file over IMPORT_MAX_BYTES (docs/product.md, "Import"). */
export function importTooLargeMessage(maxBytes: number): string {
  return `The file is too large: at most ${maxBytes / (1024 * 1024)} MB`;
}

/** An import file over IMPORT_MAX_ROWS, with how many rows it holds. */
export function importTooManyRowsMessage(maxRows: number, rows: number): string {
  const n = (value: number) => value.toLocaleString('en');
  return `A file may hold at most ${n(maxRows)} rows; this one holds ${n(rows)}. Please split it.`;
}

/** The daily limit (docs/product.md, "Validation"): what a day already holds when an entry would pass it. */
export function dailyLimitMessage(max: number, day: string, already: number): string {
  const n = (value: number) => value.toLocaleString('en');
  return `You can log at most ${n(max)} push-ups a day: ${n(already)} are already logged for ${day}`;
}

/** A cheer's push: 'anna cheered your day'. */
function cheerText(username: string): string {
  return `${username} cheered your day`;
}

/**
 * The shared texts in one language: the messages and those built from numbers. English is above;
 * German is in messages-de.ts, a module of its own so that English pages never load it.
 */
export interface SharedTexts {
  messages: Record<MessageKey, string>;
  groupQuotaMessage(maxGroups: number): string;
  streakLabel(days: number): string;
  reminderText(streakDays: number): string;
  reminderWorkoutText(week: number, day: number, sets: number, pushups: number): string;
  groupMaxMembersMessage(maxMembersPerGroup: number): string;
  importTooLargeMessage(maxBytes: number): string;
  importTooManyRowsMessage(maxRows: number, rows: number): string;
  dailyLimitMessage(max: number, day: string, already: number): string;
  cheerText(username: string): string;
}

export const SHARED_TEXTS_EN: SharedTexts = {
  messages: MESSAGES,
  groupQuotaMessage,
  streakLabel,
  reminderText,
  reminderWorkoutText,
  groupMaxMembersMessage,
  importTooLargeMessage,
  importTooManyRowsMessage,
  dailyLimitMessage,
  cheerText,
};
