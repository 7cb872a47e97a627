import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { AuditSection, type SaveFile } from './audit-section';
import { GroupsSection } from './groups-section';
import { InvitesSection } from './invites-section';
import { SectionNav } from './section-nav';
import { TiersSection } from './tiers-section';
import { type DayBarsChart, UsageSection } from './usage-section';
import { UsersSection } from './users-section';

const SECTIONS = [
  { id: 'invites', label: msg`Invites` },
  { id: 'users', label: msg`Users` },
  { id: 'groups', label: msg`Groups` },
  { id: 'tiers', label: msg`Tiers` },
  { id: 'usage', label: msg`Usage` },
  { id: 'audit', label: msg`Audit` },
] as const;
type SectionId = (typeof SECTIONS)[number]['id'];

const isSection = (value: string | null): value is SectionId =>
  SECTIONS.some((section) => section.id === value);

/**
 * /admin for an operator (docs/decisions/038-operators-and-audit-trail.md): the instance's invites,
 * users, groups, tiers, usage and audit trail, one section at a time; the section is in the address
 * (?section=), so a reload or a shared link opens the same one.
 */
export function AdminPage({ Chart, saveFile }: { Chart: DayBarsChart; saveFile: SaveFile }) {
  const { t, i18n } = useLingui();
  const [params, setParams] = useSearchParams();
  const asked = params.get('section');
  const current: SectionId = isSection(asked) ? asked : 'invites';
  const sections = SECTIONS.map((section) => ({ id: section.id, label: i18n._(section.label) }));
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader
        title={t`Admin`}
        lead={t`Run this instance: who may use it, their limits, and what operators changed.`}
      />
      <SectionNav
        label={t`Admin sections`}
        sections={sections}
        current={current}
        onChange={(id) => setParams({ section: id }, { replace: true })}
      />
      <div role="tabpanel" id={`admin-panel-${current}`} aria-labelledby={`admin-tab-${current}`}>
        {current === 'invites' && <InvitesSection />}
        {current === 'users' && <UsersSection />}
        {current === 'groups' && <GroupsSection />}
        {current === 'tiers' && <TiersSection />}
        {current === 'usage' && <UsageSection Chart={Chart} />}
        {current === 'audit' && <AuditSection saveFile={saveFile} />}
      </div>
    </div>
  );
}
