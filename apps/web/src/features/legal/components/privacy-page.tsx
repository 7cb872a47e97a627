import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { INSTANCE } from '@/config/instance';
import { instanceSettings } from '@/config/instance-settings';
import { instanceText, LegalPage, LegalSection, OperatorContact } from './legal-page';

export function PrivacyPage() {
  const { t } = useLingui();
  const appName = INSTANCE.appName;
  const hostingLocation = instanceText(INSTANCE.hostingLocation);
  const email = instanceSettings().operator.email;
  return (
    <LegalPage
      title={t`Privacy Policy`}
      lead={t`What ${appName} keeps about you, where it is kept, and how you remove it.`}
    >
      <LegalSection title={t`Who is responsible`}>
        <p>
          <Trans>
            This instance of {appName} is self-hosted. The controller of your data is the operator of this
            instance:
          </Trans>
        </p>
        <OperatorContact />
      </LegalSection>

      <LegalSection title={t`What we keep`}>
        <ul className="list-disc space-y-1.5 pl-6">
          <li>
            <Trans>
              <strong>Your email address</strong>, to identify your account and to let you sign in.
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>Your username</strong>, shown on leaderboards and in groups, and your profile photo
              address if your sign-in provider supplies one.
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>Your pushup entries</strong>: the count and the date and time of each entry.
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>Your goal</strong>: target count, target date and description, if you set one.
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>Your group memberships</strong>: the groups you created or joined, your role in them,
              your join requests and the invite links you created.
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>Your settings and achievements</strong>: rest days for your streak, whether you are
              shown on the global leaderboard, your language and theme, the achievements you earned, and your
              daily reminder with the devices that receive it, if you set one up.
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>Your time zone</strong>, sent with each request so that days, weeks and months are
              counted the way you live them. It is used for the request and not stored on its own.
            </Trans>
          </li>
        </ul>
        <p>
          <Trans>We do not sell your data, show ads, or use tracking or profiling tools.</Trans>
        </p>
      </LegalSection>

      <LegalSection title={t`Where it is kept`}>
        <p>
          <Trans>
            Everything above is stored on {hostingLocation}, in the database of this instance. Server logs
            record requests (time, address, path and status) to keep the service running and safe; they are
            kept only as long as needed for that.
          </Trans>
        </p>
      </LegalSection>

      <LegalSection title={t`Counting with the camera`}>
        <p>
          <Trans>
            <strong>Count with camera</strong> uses your device&apos;s camera only while you count with it,
            and only once you allow it. The camera&apos;s frames are processed on your device only: nothing of
            the video is stored or sent, to us or to anyone else. Only a count you then confirm is logged,
            like any entry you type.
          </Trans>
        </p>
      </LegalSection>

      <LegalSection title={t`Sign-in with Firebase Authentication`}>
        <p>
          <Trans>
            Your identity is handled by Firebase Authentication, a service of Google. When you sign in with
            email and password or with Google, Firebase receives your email address, your password (stored
            only in hashed form) or your Google account details, and issues the tokens that prove who you are.
            When this instance runs in local mode, it uses a local authentication emulator on the
            operator&apos;s server instead, and nothing is sent to Google.
          </Trans>
        </p>
      </LegalSection>

      <LegalSection title={t`Cookies and local storage`}>
        <p>
          <Trans>
            We only store what the app needs to work: your sign-in session, your cookie choice and your chart
            preferences. The{' '}
            <Link to="/cookies" className="font-semibold text-brand-800 underline">
              Cookie Policy
            </Link>{' '}
            lists each of them.
          </Trans>
        </p>
      </LegalSection>

      <LegalSection title={t`Taking your data with you`}>
        <p>
          <Trans>
            On your{' '}
            <Link to="/profile" className="font-semibold text-brand-800 underline">
              profile
            </Link>{' '}
            page (Your data), <strong>Download my data</strong> gives you everything listed above as one JSON
            file, and <strong>Download entries (CSV)</strong> gives your pushup entries (date and time, day,
            count) for a spreadsheet. The files are made for you when you ask and are not kept by us. Two
            things are left out on purpose: the codes of invite links (anyone holding one can join the group)
            and the technical addresses and keys of the devices that receive your reminders.
          </Trans>
        </p>
        <p>
          <Trans>
            <strong>Import entries</strong> adds pushup entries from a CSV file you choose, such as a download
            from this or another instance. The file is read to show you what it holds; only the entries you
            then import are stored, as if you had logged them, and the file itself is not kept.
          </Trans>
        </p>
      </LegalSection>

      <LegalSection title={t`The global leaderboard`}>
        <p>
          <Trans>
            Your username and total are shown to other users on the global leaderboard unless you choose{' '}
            <strong>Hidden</strong> on your profile. Hidden, other users do not see you there and you do not
            count in their ranks; you still see your own rank. The members of your groups still see you on the
            group boards, because groups are shared with them.
          </Trans>
        </p>
      </LegalSection>

      <LegalSection title={t`Legal basis and how long we keep it`}>
        <p>
          <Trans>
            We process your data to provide the service you signed up for (performance of a contract). We keep
            it as long as your account exists.
          </Trans>
        </p>
      </LegalSection>

      <LegalSection title={t`Deleting your account`}>
        <p>
          <Trans>
            You can delete your account at any time on your{' '}
            <Link to="/profile" className="font-semibold text-brand-800 underline">
              profile
            </Link>{' '}
            page (Danger Zone). Deleting it removes everything at once: your profile and email address, your
            pushup entries and totals, your goal, settings (including your leaderboard choice) and
            achievements, your daily reminder and its devices, your group memberships, join requests and the
            invite links you created, your invitation to the platform, and your sign-in account. Groups you
            leave behind keep going with their other members. You may want to download your data first:
            nothing of it can be restored afterwards, except by importing your entries into a new account.
          </Trans>
        </p>
      </LegalSection>

      <LegalSection title={t`Your rights`}>
        <p>
          <Trans>
            You can download a copy of your data and delete it yourself, as described above. You may also ask
            the operator for a copy, to correct it, to restrict its use or to delete it, and you may complain
            to your data protection authority.
          </Trans>{' '}
          {email ? (
            <Trans>
              Write to{' '}
              <a href={`mailto:${email}`} className="font-semibold text-brand-800 underline">
                {email}
              </a>
              .
            </Trans>
          ) : (
            <Trans>The operator of this instance has not provided a contact address.</Trans>
          )}
        </p>
      </LegalSection>
    </LegalPage>
  );
}
