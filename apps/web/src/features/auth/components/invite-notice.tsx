import { Trans } from '@lingui/react/macro';
import { MailOpen } from 'lucide-react';

/**
 * Above the sign-in form of a visitor sent to /login from an invite link: names the group when its
 * name is known (null while loading, and for a dead or unknown link).
 */
export function InviteNotice({ invitingGroup }: { invitingGroup: string | null }) {
  return (
    <div className="mb-6 flex items-start gap-3 rounded-xl border border-brand-200 bg-brand-50 p-4 text-sm text-slate-800">
      <MailOpen className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
      {invitingGroup !== null ? (
        <p className="min-w-0">
          <Trans>
            You are invited to join <strong className="break-words text-slate-900">{invitingGroup}</strong>.
            Sign in or create an account to accept.
          </Trans>
        </p>
      ) : (
        <p className="min-w-0">
          <Trans>A group invite is waiting for you. Sign in or create an account to see it.</Trans>
        </p>
      )}
    </div>
  );
}
