import { Trans } from '@lingui/react/macro';
import { PreferenceSelects } from '@/components/preference-selects';

/**
 * The profile's language and theme, in the Account card: the same switches as the top
 * bar, saved in the profile too.
 */
export function PreferencesSection() {
  return (
    <section aria-labelledby="preferences-title" className="mt-6 border-t border-slate-200 pt-5">
      <h3 id="preferences-title" className="font-semibold text-slate-900">
        <Trans>Language and theme</Trans>
      </h3>
      <p className="mt-1 mb-3 text-sm text-slate-600">
        <Trans>Kept on this device and in your profile, so your other devices follow.</Trans>
      </p>
      <PreferenceSelects />
    </section>
  );
}
