import {
  type ReminderDeviceBody,
  type ReminderSettings,
  remindersCalls,
  type UpdateRemindersBody,
} from '@pushup/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/auth';

/** GET /api/reminders: the settings, the server's VAPID key and how many devices are reminded. */
export function remindersQueryOptions(uid: string) {
  return queryOptions({
    queryKey: ['reminders', uid] as const,
    queryFn: ({ signal }) => callApi(remindersCalls.get, { signal }),
  });
}

export function useReminders() {
  const user = useCurrentUser();
  return useQuery(remindersQueryOptions(user.uid));
}

/** PUT /api/reminders; the response replaces what the card shows. */
export function useSaveReminders() {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateRemindersBody) => callApi(remindersCalls.update, { body }),
    onSuccess: (settings: ReminderSettings) =>
      queryClient.setQueryData(remindersQueryOptions(user.uid).queryKey, settings),
  });
}

/** POST /api/reminders/devices with this browser's PushSubscription. */
export function addReminderDevice(subscription: ReminderDeviceBody) {
  return callApi(remindersCalls.addDevice, { body: subscription });
}

/** DELETE /api/reminders/devices/{deviceId}. */
export function removeReminderDevice(deviceId: string) {
  return callApi(remindersCalls.removeDevice, { params: { deviceId } });
}

/** POST /api/reminders/test: a reminder now, to every device of the user. */
export function sendTestReminder() {
  return callApi(remindersCalls.test);
}
