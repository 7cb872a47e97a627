import { z } from 'zod';

/**
 * The operator's details for the imprint, from the server's settings (OPERATOR_*; README,
 * "Settings"). Each is null when the operator has not set it: the pages then say so instead of
 * showing a placeholder.
 */
const operatorDetailsSchema = z.object({
  name: z.string().nullable(),
  /** Postal address, one entry per line. Empty when not set. */
  address: z.array(z.string()),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  /** The person responsible for the content (for imprints that require one). */
  responsiblePerson: z.string().nullable(),
});
export type OperatorDetails = z.infer<typeof operatorDetailsSchema>;

/**
 * What the server tells the web app about this instance, written into index.html as
 * `window.INSTANCE_SETTINGS` next to `window.FIREBASE_CONFIG` (so the legal pages have it at once,
 * signed in or not).
 */
export const instanceSettingsSchema = z.object({
  /** INVITE_ONLY: only invited people can use the platform. */
  inviteOnly: z.boolean(),
  operator: operatorDetailsSchema,
});
export type InstanceSettings = z.infer<typeof instanceSettingsSchema>;
