import { Trans } from '@lingui/react/macro';
import { MailOpen, SearchX, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import type { LinkPreview } from '@/features/auth/api/link-preview';
import type { SharedLink } from '@/lib/pending-link';

/**
 * Above the sign-up form of a signed-out visitor of a shared link: which group it leads to (from
 * the link's public preview), and that signing up finishes what they came for. Without a name (a
 * dead or unknown link) it says only what waits.
 */
export function LinkNotice({ link, preview }: { link: SharedLink; preview: LinkPreview | null | undefined }) {
  const invite = link.kind === 'invite';
  if (preview === null) {
    return (
      <Frame icon={invite ? <MailOpen className="size-5" /> : <SearchX className="size-5" />}>
        <p className="min-w-0 text-sm text-slate-800">
          {invite ? (
            <Trans>A group invite is waiting for you. Sign in or create an account to see it.</Trans>
          ) : (
            <Trans>
              This group was not found: it may have been deleted, or the link is incomplete. You can still
              sign in or create an account.
            </Trans>
          )}
        </p>
      </Frame>
    );
  }
  return (
    <Frame icon={invite ? <MailOpen className="size-5" /> : <Users className="size-5" />}>
      <div className="min-w-0 flex-1">
        <p className="text-sm font-semibold text-brand-800">
          {invite ? <Trans>You are invited to join</Trans> : <Trans>A group was shared with you</Trans>}
        </p>
        {preview === undefined ? (
          <span className="mt-1.5 block h-6 w-40 max-w-full animate-pulse rounded bg-brand-100" />
        ) : (
          <p className="mt-0.5 text-xl font-extrabold break-words text-slate-900">{preview.groupName}</p>
        )}
        {preview?.description && (
          <p className="mt-1 text-sm break-words text-slate-700">{preview.description}</p>
        )}
        <p className="mt-2 text-sm text-slate-700">
          {invite ? (
            <Trans>Create your account, and you join the group right after.</Trans>
          ) : (
            <Trans>Create your account, then ask to join: an admin lets you in.</Trans>
          )}
        </p>
      </div>
    </Frame>
  );
}

function Frame({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <div
      aria-live="polite"
      className="mb-6 flex items-start gap-3 rounded-2xl border border-brand-200 bg-brand-50 p-4"
    >
      <span className="mt-0.5 shrink-0 text-brand-700" aria-hidden="true">
        {icon}
      </span>
      {children}
    </div>
  );
}
