import type { Group } from '@pushup/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import toast from 'react-hot-toast';
import { refreshGroupData } from '@/features/groups/api/group-keys';
import { useGroupQuota } from '@/features/groups/api/group-quota';
import {
  cancelJoinRequest,
  checkCanJoin,
  requestToJoin,
  requestToRejoin,
} from '@/features/groups/api/join-group';
import { usePendingRequests, useRejectedRequests } from '@/features/groups/api/my-requests';
import { useUserGroups } from '@/features/groups/api/user-groups';
import {
  clientJoinRefusal,
  type JoinContext,
  type JoinStatus,
  joinStatusOf,
  refusalStatus,
} from '@/features/groups/join-state';
import { isApiError } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/auth';
import { localizeMessage, sharedMessage } from '@/lib/i18n/catalog';

/**
 * The toasts of one place the button lives (the search panel and the share page word them
 * differently), read in the active language when shown.
 */
export interface JoinMessages {
  sent: string;
  cancelled: string;
  cancelFailed: string;
}

export const SEARCH_PANEL_MESSAGES: Readonly<JoinMessages> = {
  get sent() {
    return sharedMessage('joinRequestSentSuccessfully');
  },
  get cancelled() {
    return sharedMessage('joinRequestCancelledSuccessfully');
  },
  get cancelFailed() {
    return sharedMessage('failedToCancelRequest');
  },
};

export const SHARE_PAGE_MESSAGES: Readonly<JoinMessages> = {
  get sent() {
    return sharedMessage('joinRequestSent');
  },
  get cancelled() {
    return sharedMessage('joinRequestCancelled');
  },
  get cancelFailed() {
    return sharedMessage('failedToCancelJoinRequest');
  },
};

/** The user's standing towards every group, from the three lists the dashboard already loads. */
function useJoinContext(): { context: JoinContext; statusFailed: boolean } {
  const groups = useUserGroups();
  const pending = usePendingRequests();
  const rejected = useRejectedRequests();
  const context = useMemo(
    () => ({
      memberOf: new Set((groups.data ?? []).map((g) => g.groupId)),
      pending: new Set((pending.data ?? []).map((r) => r.groupId)),
      rejected: new Set((rejected.data ?? []).map((r) => r.groupId)),
    }),
    [groups.data, pending.data, rejected.data],
  );
  return { context, statusFailed: rejected.isError };
}

/**
 * One group's join button: its state and the actions behind it (docs/product.md, "States and transitions"). Join checks
 * eligibility on the client, then with the server, then asks; Request Pending cancels; a rejected
 * user may ask to rejoin. Every action refreshes the user's groups, requests and quota.
 */
export function useJoinGroup(group: Group, messages: JoinMessages) {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const { context, statusFailed } = useJoinContext();
  const { quota } = useGroupQuota();
  const [busy, setBusy] = useState<'joining' | 'cancelling' | null>(null);
  const [refused, setRefused] = useState<'rejected' | 'cannot-join' | null>(null);
  const status: JoinStatus = busy ?? joinStatusOf(group, context, refused);

  const refresh = () => refreshGroupData(queryClient, user.uid);

  async function join() {
    const refusal = clientJoinRefusal(group.id, context, quota);
    if (refusal) {
      toast.error(refusal);
      return;
    }
    setBusy('joining');
    try {
      const eligibility = await checkCanJoin(group.id);
      if (!eligibility.canJoin) {
        // The reason is the server's English: shown in the active language, matched in English.
        toast.error(`${sharedMessage('cannotJoinGroup')}: ${localizeMessage(eligibility.reason)}`);
        setRefused(refusalStatus(eligibility.reason));
        return;
      }
      await requestToJoin(group.id);
      toast.success(messages.sent);
      await refresh();
    } catch (error) {
      toast.error(
        error instanceof Error && error.message ? error.message : sharedMessage('failedToJoinGroup'),
      );
      await refresh();
    } finally {
      setBusy(null);
    }
  }

  async function cancel() {
    setBusy('cancelling');
    try {
      await cancelJoinRequest(group.id);
      toast.success(messages.cancelled);
    } catch (error) {
      if (isApiError(error) && error.code === 'REQUEST_ALREADY_ACCEPTED') {
        // Accepted meanwhile: the user is a member now (docs/product.md, "States and transitions").
        toast.success(sharedMessage('alreadyMember'));
      } else {
        toast.error(messages.cancelFailed);
      }
    } finally {
      await refresh();
      setBusy(null);
    }
  }

  async function rejoin() {
    setBusy('joining');
    try {
      await requestToRejoin(group.id);
      setRefused(null);
      toast.success(messages.sent);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : sharedMessage('failedToRequestRejoin'));
    } finally {
      await refresh();
      setBusy(null);
    }
  }

  return { status, statusFailed, join, cancel, rejoin };
}
