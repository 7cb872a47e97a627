import { type CanJoin, groupsCalls, joinRequestsCalls, type UserJoinRequest } from '@pushup/shared';
import { ApiError, callApi, isApiError, withFallbackMessage } from '@/lib/api-client';
import { sharedMessage } from '@/lib/i18n/catalog';

export function checkCanJoin(groupId: string): Promise<CanJoin> {
  return withFallbackMessage(sharedMessage('failedToCheckJoinEligibility'), () =>
    callApi(groupsCalls.canJoin, { params: { id: groupId } }),
  );
}

export function requestToJoin(groupId: string): Promise<UserJoinRequest> {
  return withFallbackMessage(sharedMessage('failedToRequestGroupJoin'), () =>
    callApi(joinRequestsCalls.request, { params: { id: groupId } }),
  );
}

/** Throws an ApiError with code REQUEST_ALREADY_ACCEPTED when the request was accepted meanwhile. */
export function cancelJoinRequest(groupId: string): Promise<null> {
  return withFallbackMessage(sharedMessage('failedToCancelJoinRequest'), () =>
    callApi(joinRequestsCalls.cancel, { params: { id: groupId } }),
  );
}

export async function requestToRejoin(groupId: string): Promise<UserJoinRequest> {
  try {
    return await withFallbackMessage(sharedMessage('failedToRequestRejoin'), () =>
      callApi(joinRequestsCalls.rejoin, { params: { id: groupId } }),
    );
  } catch (error) {
    if (isApiError(error) && error.code === 'REQUEST_PENDING') {
      throw new ApiError(error.status, error.code, sharedMessage('rejoinAlreadyPending'));
    }
    throw error;
  }
}
