import { type CanJoin, groupsCalls, joinRequestsCalls, MESSAGES, type UserJoinRequest } from '@pushup/shared';
import { ApiError, callApi, isApiError, withFallbackMessage } from '../../../lib/api-client';

export function checkCanJoin(groupId: string): Promise<CanJoin> {
  return withFallbackMessage(MESSAGES.failedToCheckJoinEligibility, () =>
    callApi(groupsCalls.canJoin, { params: { id: groupId } }),
  );
}

export function requestToJoin(groupId: string): Promise<UserJoinRequest> {
  return withFallbackMessage(MESSAGES.failedToRequestGroupJoin, () =>
    callApi(joinRequestsCalls.request, { params: { id: groupId } }),
  );
}

/** Throws an ApiError with code REQUEST_ALREADY_ACCEPTED when the request was accepted meanwhile. */
export function cancelJoinRequest(groupId: string): Promise<null> {
  return withFallbackMessage(MESSAGES.failedToCancelJoinRequest, () =>
    callApi(joinRequestsCalls.cancel, { params: { id: groupId } }),
  );
}

export async function requestToRejoin(groupId: string): Promise<UserJoinRequest> {
  try {
    return await withFallbackMessage(MESSAGES.failedToRequestRejoin, () =>
      callApi(joinRequestsCalls.rejoin, { params: { id: groupId } }),
    );
  } catch (error) {
    if (isApiError(error) && error.code === 'REQUEST_PENDING') {
      throw new ApiError(error.status, error.code, MESSAGES.rejoinAlreadyPending);
    }
    throw error;
  }
}
