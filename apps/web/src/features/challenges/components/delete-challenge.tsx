import { Trans, useLingui } from '@lingui/react/macro';
import type { ChallengePage } from '@pushup/shared';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormError } from '@/components/ui/field';
import { useDeleteChallenge, useGroupRole } from '@/features/challenges/api/challenges';
import { useProfile } from '@/lib/profile';

/**
 * Whether the caller may delete the challenge, by the server's rule (docs/product.md, "Group
 * challenges, cheers and the feed"): the group's admins at any time, its creator before its start day.
 */
function useMayDelete(challenge: ChallengePage): boolean {
  const role = useGroupRole(challenge.groupId);
  const profile = useProfile();
  const isCreator = Boolean(profile.data?.uuid) && challenge.createdBy?.uuid === profile.data?.uuid;
  return role.data === 'admin' || (isCreator && challenge.status === 'upcoming');
}

/**
 * 'Delete challenge' for those who may, asking first with the challenge's name. Deleted, the group's
 * home opens without it and a toast says so; a refusal shows in the dialog, which stays open.
 */
export function DeleteChallenge({ challenge }: { challenge: ChallengePage }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const mayDelete = useMayDelete(challenge);
  const remove = useDeleteChallenge(challenge.groupId, challenge.id);
  const [open, setOpen] = useState(false);
  if (!mayDelete) return null;

  const name = challenge.name;
  const confirm = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        toast.success(t`The challenge “${name}” was deleted.`);
        void navigate(`/groups/${encodeURIComponent(challenge.groupId)}`);
      },
    });
  const openChange = (next: boolean) => {
    if (remove.isPending) return;
    if (next) remove.reset();
    setOpen(next);
  };

  return (
    <div className="flex justify-end">
      <Button variant="secondary" className="min-h-11" onClick={() => openChange(true)}>
        <Trash2 className="size-4" aria-hidden="true" />
        <Trans>Delete challenge</Trans>
      </Button>
      <Dialog
        open={open}
        onOpenChange={openChange}
        dismissible={!remove.isPending}
        title={t`Delete “${name}”?`}
        description={
          <Trans>
            The challenge with its standings is removed for everyone in the group. The feed keeps its lines
            without a link. This cannot be undone.
          </Trans>
        }
      >
        {remove.isError && (
          <div className="mb-4">
            <FormError message={remove.error.message} />
          </div>
        )}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => openChange(false)} disabled={remove.isPending}>
            <Trans>Cancel</Trans>
          </Button>
          <Button variant="danger" loading={remove.isPending} onClick={confirm}>
            <Trans>Delete</Trans>
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
