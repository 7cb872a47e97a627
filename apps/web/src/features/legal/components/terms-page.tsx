import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { INSTANCE } from '@/config/instance';
import { instanceSettings } from '@/config/instance-settings';
import { LegalPage, LegalSection, operatorName } from './legal-page';

export function TermsPage() {
  const { t } = useLingui();
  const appName = INSTANCE.appName;
  const operator = operatorName();
  const { inviteOnly } = instanceSettings();
  return (
    <LegalPage title={t`Terms of Service`} lead={t`The rules for using this instance of ${appName}.`}>
      <LegalSection title={t`The service`}>
        <p>
          <Trans>
            {appName} lets you log your pushups, follow your progress, set a personal goal, compare yourself
            on leaderboards and train together in groups.
          </Trans>{' '}
          {operator === null ? (
            <Trans>
              This instance is run by the operator of this instance as a hobby project, free of charge and
              without any guarantee of availability.
            </Trans>
          ) : (
            <Trans>
              This instance is run by {operator} as a hobby project, free of charge and without any guarantee
              of availability.
            </Trans>
          )}
        </p>
      </LegalSection>
      <LegalSection title={t`Your account`}>
        <ul className="list-disc space-y-1.5 pl-6">
          <li>
            {inviteOnly ? (
              <Trans>The platform is invite-only: you can use it when the operator has invited you.</Trans>
            ) : (
              <Trans>Anyone can create an account on this instance; no invitation is needed.</Trans>
            )}
          </li>
          <li>
            <Trans>
              Keep your sign-in details to yourself; you are responsible for what happens in your account.
            </Trans>
          </li>
          <li>
            <Trans>
              Choose a username that does not pretend to be someone else and does not offend anyone.
            </Trans>
          </li>
        </ul>
      </LegalSection>
      <LegalSection title={t`Fair use`}>
        <ul className="list-disc space-y-1.5 pl-6">
          <li>
            <Trans>Log your own pushups honestly; leaderboards are only fun when the numbers are real.</Trans>
          </li>
          <li>
            <Trans>Group names and descriptions must be lawful and respectful.</Trans>
          </li>
          <li>
            <Trans>Do not try to break, overload or get around the limits of the service.</Trans>
          </li>
        </ul>
        <p>
          <Trans>The operator may remove content or accounts that break these rules.</Trans>
        </p>
      </LegalSection>
      <LegalSection title={t`Limits`}>
        <p>
          <Trans>
            Each account has limits on the number of groups and members per group, shown on your profile. They
            keep the costs of running this instance manageable.
          </Trans>
        </p>
      </LegalSection>
      <LegalSection title={t`Health`}>
        <p>
          <Trans>
            {appName} is not medical advice. Train within your limits and ask a doctor if you are unsure
            whether an exercise is right for you.
          </Trans>
        </p>
      </LegalSection>
      <LegalSection title={t`Ending`}>
        <p>
          <Trans>
            You can delete your account at any time on your profile page; everything you stored is removed.
            The operator may end the service; they will tell users in advance where possible. How your data is
            handled is described in the{' '}
            <Link to="/privacy" className="font-semibold text-brand-800 underline">
              Privacy Policy
            </Link>
            .
          </Trans>
        </p>
      </LegalSection>
      <LegalSection title={t`Liability`}>
        <p>
          <Trans>
            The service is provided as it is. To the extent the law allows, the operator is liable only for
            intent and gross negligence.
          </Trans>
        </p>
      </LegalSection>
    </LegalPage>
  );
}
