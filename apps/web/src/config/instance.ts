/**
 * What this build says about itself. Who runs an instance (name, address, contact, the person
 * responsible for the content) is not here: the server's settings OPERATOR_* (README, "Settings")
 * reach the pages through window.INSTANCE_SETTINGS (config/instance-settings.ts), and the legal
 * pages say that the operator has not provided them where none are set.
 */
export const INSTANCE = {
  /** Name of the app as shown in the navigation and the page titles. */
  appName: 'Pushup Tracker',
  /** Where the server and its database run. */
  hostingLocation: "the operator's own server",
  /** Date the legal pages were last changed. */
  legalLastUpdated: '2026-11-25',
} as const;

/** The footer's feedback link. */
export const FEEDBACK_EMAIL = 'feedback@pushup-tracker.local';
