import { Trans, useLingui } from '@lingui/react/macro';
import { Search, Users } from 'lucide-react';
import { type ReactNode, useRef } from 'react';
import { Link } from 'react-router';
import { LoadingAnimation } from '../../../components/loading-animation';
import { NotInvitedCard } from '../../../components/not-invited-card';
import { PageHeader } from '../../../components/page-header';
import { LoadFailure } from '../../../components/query-state';
import { buttonClasses } from '../../../components/ui/button';
import { isApiError } from '../../../lib/api-client';
import { sharedMessage } from '../../../lib/i18n/catalog';
import { useProfile } from '../../../lib/profile';
import { useUserGroups } from '../api/user-groups';
import { GROUP_TEXTS } from '../groups-texts';
import { GroupCard } from './group-card';

/**
 * /groups: every group of the user with its members and roles; admins also handle join requests
 * and invite links (docs/product.md, "Calls").
 */
export function GroupManagementPage() {
  const { t } = useLingui();
  const groups = useUserGroups();
  const profile = useProfile();
  const listRef = useRef<HTMLElement>(null);
  const { data, error } = groups;

  let body: ReactNode;
  if (groups.isPending) {
    body = <LoadingAnimation label={t`Loading groups...`} />;
  } else if (isApiError(error) && error.status === 403) {
    body = <NotInvitedCard />;
  } else if (!data) {
    body = (
      <LoadFailure
        variant="card"
        title={sharedMessage('failedToFetchGroups')}
        error={error}
        retrying={groups.isFetching}
        onRetry={() => void groups.refetch()}
      />
    );
  } else if (data.length === 0) {
    body = (
      <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center shadow-card">
        <span className="flex size-12 items-center justify-center rounded-2xl bg-brand-50 text-brand-700">
          <Users className="size-6" aria-hidden="true" />
        </span>
        <h2 className="text-lg font-bold text-slate-900">{GROUP_TEXTS.noGroups}</h2>
        <p className="max-w-md text-slate-700">
          <Trans>
            Search for a group to join, or create your own, in the Your Groups card of the dashboard. An
            invite link from a group admin brings you straight in.
          </Trans>
        </p>
        <Link to="/" className={buttonClasses('primary', 'md', 'mt-2')}>
          <Search className="size-4" aria-hidden="true" />
          <Trans>Find or create a group</Trans>
        </Link>
      </div>
    );
  } else {
    body = (
      <div className="space-y-6">
        {data.map((group) => (
          <GroupCard
            key={group.id}
            group={group}
            myUuid={profile.data?.uuid}
            onGone={() => listRef.current?.focus()}
          />
        ))}
      </div>
    );
  }

  return (
    <>
      <PageHeader
        title={t`Group Management`}
        lead={t`Your groups with their members and roles. Admins also approve join requests and share invite links here.`}
        actions={
          data && data.length > 0 ? (
            <Link to="/" className={buttonClasses('secondary', 'md', 'self-start sm:self-auto')}>
              <Search className="size-4" aria-hidden="true" />
              <Trans>Find or create a group</Trans>
            </Link>
          ) : undefined
        }
      />
      <section ref={listRef} tabIndex={-1} aria-label={t`Your groups`} className="focus:outline-none">
        {body}
      </section>
    </>
  );
}

export { GroupManagementPage as GroupsPage };
