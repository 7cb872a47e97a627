import { accountDataCalls } from './account-data';
import { groupsCalls } from './groups';
import { habitsCalls } from './habits';
import { healthCalls } from './health';
import { invitesCalls } from './invites';
import { joinRequestsCalls } from './join-requests';
import { membershipsCalls } from './memberships';
import { pushupsCalls } from './pushups';
import { remindersCalls } from './reminders';
import { usersCalls } from './users';

export * from './account-data';
export * from './define';
export * from './groups';
export * from './habits';
export * from './health';
export * from './invites';
export * from './join-requests';
export * from './memberships';
export * from './pushups';
export * from './reminders';
export * from './users';

/** Every call of the API, by domain: the server registers each one, the docs list each one. */
export const API_CALLS = {
  health: healthCalls,
  users: usersCalls,
  pushups: pushupsCalls,
  groups: groupsCalls,
  memberships: membershipsCalls,
  joinRequests: joinRequestsCalls,
  invites: invitesCalls,
  habits: habitsCalls,
  reminders: remindersCalls,
  accountData: accountDataCalls,
} as const;
