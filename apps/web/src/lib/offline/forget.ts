import { forgetQueries } from './query-persistence';
import { forgetSession } from './stored-session';
import { stopSyncRetries } from './sync';

/**
 * At sign-out: the saved responses and the token go. Entries still waiting stay, stored under the
 * user's id, and are sent when the same user signs in here again (the sign-out dialog says so).
 */
export async function forgetDeviceData(uid: string): Promise<void> {
  stopSyncRetries();
  await Promise.allSettled([forgetQueries(uid), forgetSession(uid)]);
}
