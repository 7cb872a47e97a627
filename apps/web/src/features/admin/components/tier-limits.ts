import { createTierBodySchema } from '@pushup/shared';
import { localizeMessage } from '@/lib/i18n/catalog';

/** A tier's limits: how many groups a user may be in, how many members each of them may have. */
export interface TierLimits {
  maxGroups: number;
  maxMembersPerGroup: number;
}

/** A tier as its form holds it: the texts typed. */
export interface TierDraft {
  name: string;
  maxGroups: string;
  maxMembersPerGroup: string;
}

export type TierErrors = Partial<Record<keyof TierDraft, string>>;

/** A number typed; '' or anything not a number is NaN, which the schema refuses with its field's text. */
const typedNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.trim()));

/**
 * Checks a tier's fields with the server's own rules (createTierBodySchema): each problem at its
 * field, in the active language, or the values to send. `withName: false` checks the limits only
 * (a user's tier set by its limits).
 */
export function checkTier(
  draft: TierDraft,
  withName = true,
): { fields: { name: string } & TierLimits; errors: null } | { fields: null; errors: TierErrors } {
  const parsed = createTierBodySchema.safeParse({
    name: withName ? draft.name : 'limits',
    maxGroups: typedNumber(draft.maxGroups),
    maxMembersPerGroup: typedNumber(draft.maxMembersPerGroup),
  });
  if (parsed.success) return { fields: parsed.data, errors: null };
  const errors: TierErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof TierDraft;
    errors[field] ??= localizeMessage(issue.message);
  }
  return { fields: null, errors };
}
