/** Our wording for the reminder settings where docs/product.md quotes none. */
export const REMINDER_TEXTS = {
  saved: (time: string) => `Reminder set for ${time}`,
  turnedOff: 'Reminder turned off',
  saveFailed: 'Failed to save the reminder',
  pickADay: 'Pick at least one day for the reminder.',
  deviceAdded: 'This device will be reminded',
  deviceRemoved: 'This device will not be reminded any more',
  deviceFailed: 'Failed to change this device',
  testSent: 'Test reminder sent',
  testFailed: 'Failed to send a test reminder',
  unsupported: 'This browser cannot show notifications, so it cannot be reminded.',
  blocked:
    'Notifications are blocked for this site: allow them in your browser’s site settings to be reminded here.',
  thisDeviceOn: 'This device receives reminders.',
  thisDeviceOff: 'This device does not receive reminders.',
  devices: (count: number) =>
    count === 0
      ? 'No device receives them yet.'
      : count === 1
        ? 'They go to 1 device.'
        : `They go to ${count} devices.`,
} as const;
