/**
 * Everything about the people who run this instance, in one file. Operators: replace the
 * placeholders below before you open your instance to others; the legal pages read them from here.
 * Until then the legal pages show the placeholders in the reader's language (features/legal,
 * `instanceText`); what you write here is shown as you wrote it, in every language.
 */
export const INSTANCE = {
  /** Name of the app as shown in the navigation and the page titles. */
  appName: 'Pushup Tracker',
  /** Who runs this instance (a person or an organisation). */
  operatorName: 'The operator of this instance',
  /** Postal address, one line per entry. */
  operatorAddress: ['[Street and number]', '[Postal code and city]', '[Country]'],
  /** Where people reach the operator about the service, privacy requests and legal notices. */
  contactEmail: 'operator@pushup-tracker.local',
  /** Optional phone number; leave empty to hide it. */
  contactPhone: '',
  /** The person responsible for the content (for imprints that require one). */
  responsiblePerson: '[Name of the person responsible for the content]',
  /** Where the server and its database run. */
  hostingLocation: "the operator's own server",
  /** Date the legal pages were last changed. */
  legalLastUpdated: '2026-11-24',
} as const;

/** The footer's feedback link. */
export const FEEDBACK_EMAIL = 'feedback@pushup-tracker.local';
