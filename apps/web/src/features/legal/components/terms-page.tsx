import { Link } from 'react-router';
import { INSTANCE } from '../../../config/instance';
import { LegalPage, LegalSection } from './legal-page';

export function TermsPage() {
  return (
    <LegalPage title="Terms of Service" lead={`The rules for using this instance of ${INSTANCE.appName}.`}>
      <LegalSection title="The service">
        <p>
          {INSTANCE.appName} lets you log your pushups, follow your progress, set a personal goal, compare
          yourself on leaderboards and train together in groups. This instance is run by{' '}
          {INSTANCE.operatorName.toLowerCase()} as a hobby project, free of charge and without any guarantee
          of availability.
        </p>
      </LegalSection>
      <LegalSection title="Your account">
        <ul className="list-disc space-y-1.5 pl-6">
          <li>The platform is invite-only: you can use it when the operator has invited you.</li>
          <li>
            Keep your sign-in details to yourself; you are responsible for what happens in your account.
          </li>
          <li>Choose a username that does not pretend to be someone else and does not offend anyone.</li>
        </ul>
      </LegalSection>
      <LegalSection title="Fair use">
        <ul className="list-disc space-y-1.5 pl-6">
          <li>Log your own pushups honestly; leaderboards are only fun when the numbers are real.</li>
          <li>Group names and descriptions must be lawful and respectful.</li>
          <li>Do not try to break, overload or get around the limits of the service.</li>
        </ul>
        <p>The operator may remove content or accounts that break these rules.</p>
      </LegalSection>
      <LegalSection title="Limits">
        <p>
          Each account has limits on the number of groups and members per group, shown on your profile. They
          keep the costs of running this instance manageable.
        </p>
      </LegalSection>
      <LegalSection title="Health">
        <p>
          {INSTANCE.appName} is not medical advice. Train within your limits and ask a doctor if you are
          unsure whether an exercise is right for you.
        </p>
      </LegalSection>
      <LegalSection title="Ending">
        <p>
          You can delete your account at any time on your profile page; everything you stored is removed. The
          operator may end the service; they will tell users in advance where possible. How your data is
          handled is described in the{' '}
          <Link to="/privacy" className="font-semibold text-brand-800 underline">
            Privacy Policy
          </Link>
          .
        </p>
      </LegalSection>
      <LegalSection title="Liability">
        <p>
          The service is provided as it is. To the extent the law allows, the operator is liable only for
          intent and gross negligence.
        </p>
      </LegalSection>
    </LegalPage>
  );
}
