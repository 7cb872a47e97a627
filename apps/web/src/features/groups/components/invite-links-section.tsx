import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link2, Share2 } from 'lucide-react';
import { useMemo, useRef, useState } from 'react';
import { LoadFailure } from '@/components/query-state';
import { groupInvitesQueryOptions } from '@/features/groups/api/group-invites';
import { GROUP_TEXTS } from '@/features/groups/groups-texts';
import { useFocusWhenGone } from '@/features/groups/hooks/use-focus-when-gone';
import { groupShareLink } from '@/features/groups/links';
import { useCurrentUser } from '@/lib/auth';
import { sharedMessage } from '@/lib/i18n/catalog';
import { CreateInviteForm } from './create-invite-form';
import { InviteRow } from './invite-row';
import { LinkField } from './link-field';
import { Panel, PanelEmpty, PanelLoading } from './panel';

/** Admins: the group's share page link, a form for new invite links, and the links not revoked. */
export function InviteLinksSection({ groupId, groupName }: { groupId: string; groupName: string }) {
  const user = useCurrentUser();
  const invites = useQuery(groupInvitesQueryOptions(user.uid, groupId));
  const headingRef = useRef<HTMLHeadingElement>(null);
  const ids = useMemo(() => invites.data?.map((invite) => invite.inviteId), [invites.data]);
  const focusWhenGone = useFocusWhenGone(headingRef, ids);
  // The link made last on this page: highlighted, and copied as soon as its row is there.
  const [justMade, setJustMade] = useState<string | null>(null);
  const now = new Date();
  const { t } = useLingui();

  return (
    <Panel
      id={`invites-${groupId}`}
      title={t`Invite links`}
      icon={<Link2 className="size-4" />}
      count={invites.data?.length}
      headingRef={headingRef}
      description={t`Whoever opens an invite link joins at once, without a request.`}
    >
      <CreateInviteForm groupId={groupId} onCreated={(invite) => setJustMade(invite.inviteId)} />
      <div className="mt-4">
        {invites.isPending ? (
          <PanelLoading label={t`Loading invite links...`} />
        ) : invites.isError ? (
          <LoadFailure
            title={sharedMessage('failedToFetchInviteLinks')}
            error={invites.error}
            retrying={invites.isFetching}
            onRetry={() => void invites.refetch()}
          />
        ) : invites.data.length === 0 ? (
          <PanelEmpty>
            <Trans>No invite links yet.</Trans>
          </PanelEmpty>
        ) : (
          <ul className="-mb-3 divide-y divide-slate-200 border-t border-slate-200">
            {invites.data.map((invite) => (
              <InviteRow
                key={invite.inviteId}
                groupId={groupId}
                groupName={groupName}
                invite={invite}
                now={now}
                justMade={invite.inviteId === justMade}
                onRevoked={() => focusWhenGone(invite.inviteId)}
              />
            ))}
          </ul>
        )}
      </div>
      <div className="mt-5 border-t border-slate-200 pt-4">
        <h4 className="flex items-center gap-2 text-sm font-bold text-slate-900">
          <Share2 className="size-4 text-brand-700" aria-hidden="true" />
          <Trans>Share page</Trans>
        </h4>
        <p className="mt-0.5 mb-2 text-sm text-slate-600">
          <Trans>
            Anyone signed in can ask to join {groupName} from this page; you approve the requests.
          </Trans>
        </p>
        <LinkField
          link={groupShareLink(groupId)}
          label={t`Share page of ${groupName}`}
          copyLabel={t`Copy share link`}
          copiedMessage={GROUP_TEXTS.shareLinkCopied}
          share={{
            text: t`Ask to join ${groupName} on Pushup Tracker`,
            qrTitle: t`Scan to see ${groupName}`,
            qrLabel: t`QR code for the share link`,
          }}
        />
      </div>
    </Panel>
  );
}
