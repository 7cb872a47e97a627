import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { ScrollingTable, TableHeader } from '@/components/ui/table';
import { INSTANCE } from '@/config/instance';
import { cn } from '@/lib/cn';
import { LegalPage, LegalSection } from './legal-page';

interface Entry {
  key: string;
  /** A storage key's own name (cookie-consent) is shown as it is; the others are described. */
  name: MessageDescriptor | string;
  where: MessageDescriptor;
  purpose: MessageDescriptor;
  kind: MessageDescriptor;
  lasts: MessageDescriptor;
}

const ENTRIES: Entry[] = [
  {
    key: 'firebase',
    name: msg`Firebase authentication session`,
    where: msg`Local storage and IndexedDB (firebase:authUser:…)`,
    purpose: msg`Keeps you logged in between visits (Firebase Auth persistence).`,
    kind: msg`Essential`,
    lasts: msg`Until you sign out`,
  },
  {
    key: 'cookie-consent',
    name: 'cookie-consent',
    where: msg`Local storage`,
    purpose: msg`Remembers your choice in the cookie banner so it is not shown again.`,
    kind: msg`Essential`,
    lasts: msg`Until you clear it`,
  },
  {
    key: 'chart',
    name: msg`Chart preferences`,
    where: msg`Local storage`,
    purpose: msg`Remembers display choices such as whether your goal line is shown on the progress chart.`,
    kind: msg`Essential (preferences)`,
    lasts: msg`Until you clear it`,
  },
  {
    key: 'language-theme',
    name: 'pushup-language, pushup-theme',
    where: msg`Local storage`,
    purpose: msg`Remembers the language and theme you chose, so the page shows them from the first moment.`,
    kind: msg`Essential (preferences)`,
    lasts: msg`Until you clear it`,
  },
  {
    key: 'pending-link',
    name: 'pushup-pending-link',
    where: msg`Local storage`,
    purpose: msg`Remembers an invite or group link you opened before signing up, so you land in that group afterwards.`,
    kind: msg`Essential`,
    lasts: msg`Until the link is used, at most a week`,
  },
  {
    key: 'signed-in-before',
    name: 'pushup-signed-in-before',
    where: msg`Local storage`,
    purpose: msg`Remembers that someone has signed in on this device, so the sign-in page greets you with Welcome back.`,
    kind: msg`Essential (preferences)`,
    lasts: msg`Until you clear it`,
  },
  {
    key: 'cache',
    name: msg`Short-lived data cache`,
    where: msg`Session storage (pushup-cache:…)`,
    purpose: msg`Keeps your profile and leaderboard for 60 seconds so pages load faster.`,
    kind: msg`Essential`,
    lasts: msg`Until you close the tab or sign out`,
  },
];

const COLUMNS = [msg`Name`, msg`Where`, msg`Purpose`, msg`Kind`, msg`Kept`];

export function CookiesPage() {
  const { t, i18n } = useLingui();
  const appName = INSTANCE.appName;
  return (
    <LegalPage title={t`Cookie Policy`} lead={t`The cookies and browser storage ${appName} uses, and why.`}>
      <LegalSection title={t`What we use`}>
        <p>
          <Trans>
            {appName} uses only what it needs to work. There are no advertising or tracking cookies and no
            third-party analytics.
          </Trans>
        </p>
        <ScrollingTable label={t`Cookies and storage entries`}>
          <table className="w-full min-w-[36rem] border-collapse text-left text-sm">
            <caption className="sr-only">{t`Cookies and storage entries`}</caption>
            <TableHeader
              rowClassName="border-b border-slate-300"
              columns={COLUMNS.map((label, index, all) => ({
                label: i18n._(label),
                className: cn('py-2 font-semibold', index < all.length - 1 && 'pr-4'),
              }))}
            />
            <tbody>
              {ENTRIES.map((entry) => (
                <tr key={entry.key} className="border-b border-slate-200 align-top">
                  <th scope="row" className="py-2 pr-4 font-semibold">
                    {typeof entry.name === 'string' ? entry.name : i18n._(entry.name)}
                  </th>
                  <td className="py-2 pr-4">{i18n._(entry.where)}</td>
                  <td className="py-2 pr-4">{i18n._(entry.purpose)}</td>
                  <td className="py-2 pr-4">{i18n._(entry.kind)}</td>
                  <td className="py-2">{i18n._(entry.lasts)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollingTable>
      </LegalSection>
      <LegalSection title={t`Analytics cookies`}>
        <p>
          <Trans>
            Analytics cookies may be added in the future. If they are, we will ask for your consent first;
            choosing &ldquo;Accept Essential Only&rdquo; keeps them off.
          </Trans>
        </p>
      </LegalSection>
      <LegalSection title={t`Changing your choice`}>
        <p>
          <Trans>
            Your choice is stored in your browser under <code>cookie-consent</code>. Clear this site&apos;s
            data in your browser settings to see the banner again and choose anew.
          </Trans>
        </p>
      </LegalSection>
    </LegalPage>
  );
}
