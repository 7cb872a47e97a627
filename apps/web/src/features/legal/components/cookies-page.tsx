import { TableHeader } from '../../../components/ui/table';
import { INSTANCE } from '../../../config/instance';
import { cn } from '../../../lib/cn';
import { LegalPage, LegalSection } from './legal-page';

const ENTRIES = [
  {
    name: 'Firebase authentication session',
    where: 'Local storage and IndexedDB (firebase:authUser:…)',
    purpose: 'Keeps you logged in between visits (Firebase Auth persistence).',
    kind: 'Essential',
    lasts: 'Until you sign out',
  },
  {
    name: 'cookie-consent',
    where: 'Local storage',
    purpose: 'Remembers your choice in the cookie banner so it is not shown again.',
    kind: 'Essential',
    lasts: 'Until you clear it',
  },
  {
    name: 'Chart preferences',
    where: 'Local storage',
    purpose: 'Remembers display choices such as whether your goal line is shown on the progress chart.',
    kind: 'Essential (preferences)',
    lasts: 'Until you clear it',
  },
  {
    name: 'Short-lived data cache',
    where: 'Session storage (pushup-cache:…)',
    purpose: 'Keeps your profile and leaderboard for 60 seconds so pages load faster.',
    kind: 'Essential',
    lasts: 'Until you close the tab or sign out',
  },
];

export function CookiesPage() {
  return (
    <LegalPage
      title="Cookie Policy"
      lead={`The cookies and browser storage ${INSTANCE.appName} uses, and why.`}
    >
      <LegalSection title="What we use">
        <p>
          {INSTANCE.appName} uses only what it needs to work. There are no advertising or tracking cookies and
          no third-party analytics.
        </p>
        {/* Focusable so keyboard users can scroll the table sideways on a phone (axe: scrollable-region-focusable). */}
        <section
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
          tabIndex={0}
          aria-label="Cookies and storage entries"
          className="overflow-x-auto rounded focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-600"
        >
          <table className="w-full min-w-[36rem] border-collapse text-left text-sm">
            <caption className="sr-only">Cookies and storage entries</caption>
            <TableHeader
              rowClassName="border-b border-slate-300"
              columns={['Name', 'Where', 'Purpose', 'Kind', 'Kept'].map((label, index, all) => ({
                label,
                className: cn('py-2 font-semibold', index < all.length - 1 && 'pr-4'),
              }))}
            />
            <tbody>
              {ENTRIES.map((entry) => (
                <tr key={entry.name} className="border-b border-slate-200 align-top">
                  <th scope="row" className="py-2 pr-4 font-semibold">
                    {entry.name}
                  </th>
                  <td className="py-2 pr-4">{entry.where}</td>
                  <td className="py-2 pr-4">{entry.purpose}</td>
                  <td className="py-2 pr-4">{entry.kind}</td>
                  <td className="py-2">{entry.lasts}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </LegalSection>
      <LegalSection title="Analytics cookies">
        <p>
          Analytics cookies may be added in the future. If they are, we will ask for your consent first;
          choosing &ldquo;Accept Essential Only&rdquo; keeps them off.
        </p>
      </LegalSection>
      <LegalSection title="Changing your choice">
        <p>
          Your choice is stored in your browser under <code>cookie-consent</code>. Clear this site&apos;s data
          in your browser settings to see the banner again and choose anew.
        </p>
      </LegalSection>
    </LegalPage>
  );
}
