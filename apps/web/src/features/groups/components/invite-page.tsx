import { Trans, useLingui } from '@lingui/react/macro';
import type { InviteCheck } from '@pushup/shared';
import { useQuery } from '@tanstack/react-query';
import { CalendarClock, CircleCheck, Link2Off, MailOpen, TriangleAlert } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { LoadingAnimation } from '@/components/loading-animation';
import { NotInvitedCard } from '@/components/not-invited-card';
import { PageHeader } from '@/components/page-header';
import { LoadFailure } from '@/components/query-state';
import { Button, buttonClasses } from '@/components/ui/button';
import { useAcceptInvite } from '@/features/groups/api/accept-invite';
import { inviteCheckQueryOptions } from '@/features/groups/api/invite-check';
import { expiryLabel } from '@/features/groups/groups-format';
import { groupHomePath } from '@/features/groups/links';
import { isApiError } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/auth';
import { localizeMessage, sharedMessage } from '@/lib/i18n/catalog';
import { forgetPendingLink, isPendingLink } from '@/lib/pending-link';
import { hasSetUsername, useProfile } from '@/lib/profile';
import { SeatsBar } from './group-facts';
import { LinkMissingCard, linkPageCard } from './link-page-card';
import { ChoosingUsername, useNeedsUsername } from './username-required';

/**
 * /invite/:code: what the invite link leads to (group, seats, expiry) and Accept. An unusable
 * link says why and offers no Accept; a member is told so (a success) with the way to /groups.
 * A newcomer who opened the link signed out (lib/pending-link.ts) joins by itself once signed up
 * with a username: they never open the link again.
 */
export function InvitePage() {
  const { code = '' } = useParams();
  const user = useCurrentUser();
  const check = useQuery(inviteCheckQueryOptions(user.uid, code));
  const { error } = check;
  const { t } = useLingui();
  // A link that turned out dead or unknown is no longer waiting to be used.
  // (An unverified address is refused too, for now: app/pages/shared-link-gate.tsx asks for it.)
  const dead = isApiError(error) && (error.status === 404 || error.code === 'NOT_INVITED');
  useEffect(() => {
    if (dead) forgetPendingLink({ kind: 'invite', code });
  }, [dead, code]);

  let body: ReactNode;
  if (check.isPending) {
    body = <LoadingAnimation label={t`Checking invite link...`} />;
  } else if (isApiError(error) && error.status === 403) {
    body = <NotInvitedCard />;
  } else if (isApiError(error) && error.status === 404) {
    body = (
      <LinkMissingCard
        id="invite-missing-title"
        icon={<Link2Off className="size-6" />}
        title={error.message}
        text={t`Check the link, or ask a group admin for a new one.`}
        back={t`Back to the dashboard`}
      />
    );
  } else if (!check.data) {
    body = (
      <LoadFailure
        variant="card"
        title={sharedMessage('failedToCheckInviteLink')}
        error={error}
        retrying={check.isFetching}
        onRetry={() => void check.refetch()}
      />
    );
  } else {
    body = <InviteCard code={code} invite={check.data} />;
  }

  return (
    <>
      <PageHeader title={t`Group Invite`} lead={t`A group admin shared this link with you.`} />
      {body}
    </>
  );
}

function InviteCard({ code, invite }: { code: string; invite: InviteCheck }) {
  const accept = useAcceptInvite();
  const navigate = useNavigate();
  const needsUsername = useNeedsUsername();
  const { t } = useLingui();
  // From the click until the group opens, the page keeps its Accept button (spinning): the refresh
  // after the call would otherwise show this user as a member for a moment.
  const accepting = accept.isPending || accept.isSuccess;
  const usable = invite.valid || invite.isMember || accepting;
  const now = new Date();
  // The expiry date says something about a link that is valid or expired, not about a revoked one.
  const expired = invite.expiresAt !== null && Date.parse(invite.expiresAt) <= now.getTime();
  const link = { kind: 'invite', code } as const;
  // Came here signed out and has signed up (or in) since: the join needs no second click.
  const [joinsByItself] = useState(() => isPendingLink(link));
  const started = useRef(false);

  const onAccept = async () => {
    started.current = true;
    try {
      const joined = await accept.mutateAsync(code);
      forgetPendingLink(link);
      navigate(groupHomePath(joined.groupId));
    } catch {
      // The toast says why; the refreshed check shows the link's state now.
      forgetPendingLink(link);
    }
  };

  // Only with the username known to be there: without a profile the join would be refused.
  const named = hasSetUsername(useProfile().data);
  const ready = invite.valid && !invite.isMember && named;
  useEffect(() => {
    if (joinsByItself && ready && !started.current) void onAccept();
  });
  // A member already, or a link that no longer works: nothing is left to do with it.
  const settled = !accepting && (invite.isMember || !invite.valid);
  useEffect(() => {
    if (settled) forgetPendingLink(link);
  });

  let action: ReactNode;
  if (invite.isMember && !accepting) {
    action = (
      <Notice tone="green" icon={<CircleCheck className="size-5" />} title={sharedMessage('alreadyMember')}>
        <Link to="/groups" className={buttonClasses('primary', 'md', 'mt-3')}>
          <Trans>Go to your groups</Trans>
        </Link>
      </Notice>
    );
  } else if (!invite.valid && !accepting) {
    action = (
      <Notice tone="red" icon={<TriangleAlert className="size-5" />} title={localizeMessage(invite.reason)}>
        <p className="mt-1 text-sm">
          <Trans>Ask a group admin for a new invite link.</Trans>
        </p>
        <Link to="/" className={buttonClasses('secondary', 'sm', 'mt-3')}>
          <Trans>Back to the dashboard</Trans>
        </Link>
      </Notice>
    );
  } else if (needsUsername) {
    action = <ChoosingUsername then={t`Then you join this group.`} />;
  } else {
    action = (
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center">
        <Link to="/" className={buttonClasses('ghost', 'lg')} onClick={() => forgetPendingLink(link)}>
          <Trans>Not now</Trans>
        </Link>
        <Button size="lg" className="sm:ml-auto" loading={accepting} onClick={() => void onAccept()}>
          {!accepting && <MailOpen className="size-5" aria-hidden="true" />}
          <Trans>Accept invite</Trans>
        </Button>
      </div>
    );
  }

  // A revoked, expired or used-up link: the server says why and nothing of the group.
  if (invite.groupName === null || invite.memberCount === null || invite.maxMembers === null) {
    return (
      <section aria-labelledby="invite-group-title" className={linkPageCard}>
        <h2 id="invite-group-title" className="text-2xl font-extrabold text-slate-900">
          <Trans>This invite link no longer works</Trans>
        </h2>
        <div className="mt-6">{action}</div>
      </section>
    );
  }

  return (
    <section aria-labelledby="invite-group-title" className={linkPageCard}>
      <p className="text-sm font-semibold text-brand-800">
        {usable ? <Trans>You are invited to join</Trans> : <Trans>This invite link leads to</Trans>}
      </p>
      <h2 id="invite-group-title" className="mt-1 text-2xl font-extrabold break-words text-slate-900">
        {invite.groupName}
      </h2>
      <div className="mt-5 space-y-3">
        <SeatsBar memberCount={invite.memberCount} maxMembers={invite.maxMembers} />
        {invite.expiresAt !== null && (usable || expired) && (
          <p className="flex items-center gap-1.5 text-sm text-slate-600">
            <CalendarClock className="size-4 text-slate-500" aria-hidden="true" />
            {expiryLabel(
              invite.expiresAt,
              now,
              t({ message: 'Link', context: 'subject of "Link expires <date>"' }),
            )}
          </p>
        )}
      </div>
      <div className="mt-6 border-t border-slate-200 pt-6">{action}</div>
    </section>
  );
}

function Notice({
  tone,
  icon,
  title,
  children,
}: {
  tone: 'green' | 'red';
  icon: ReactNode;
  title: string;
  children?: ReactNode;
}) {
  const tones = {
    green: 'border-emerald-200 bg-emerald-50 text-emerald-950',
    red: 'border-red-200 bg-red-50 text-red-950',
  } as const;
  return (
    <div className={`rounded-xl border p-4 ${tones[tone]}`}>
      <p className="flex items-start gap-2 font-semibold">
        <span className="mt-0.5 shrink-0" aria-hidden="true">
          {icon}
        </span>
        {title}
      </p>
      {children && <div className="pl-7">{children}</div>}
    </div>
  );
}
