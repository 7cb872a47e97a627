import { plural, t } from '@lingui/core/macro';

/**
 * Our wording for the reminder settings where docs/product.md quotes none, in the active language:
 * call it when the texts are shown (at render or in a callback), never at module level.
 */
export function reminderTexts() {
  return {
    saved: (time: string) => t`Reminder set for ${time}`,
    turnedOff: t`Reminder turned off`,
    saveFailed: t`Failed to save the reminder`,
    pickADay: t`Pick at least one day for the reminder.`,
    deviceAdded: t`This device will be reminded`,
    deviceRemoved: t`This device will not be reminded any more`,
    deviceFailed: t`Failed to change this device`,
    testSent: t`Test reminder sent`,
    testFailed: t`Failed to send a test reminder`,
    unsupported: t`This browser cannot show notifications, so it cannot be reminded.`,
    blocked: t`Notifications are blocked for this site: allow them in your browser’s site settings to be reminded here.`,
    thisDeviceOn: t`This device receives reminders.`,
    thisDeviceOff: t`This device does not receive reminders.`,
    devices: (count: number) =>
      t`${plural(count, { 0: 'No device receives them yet.', one: 'They go to # device.', other: 'They go to # devices.' })}`,
  };
}
