import { type CreateGroupBody, type Group, groupsCalls, MESSAGES } from '@pushup/shared';
import { ApiError, callApi, isApiError } from '../../../lib/api-client';

/** POST /api/groups with the creation messages of docs/product.md, "Messages". */
export async function createGroup(body: CreateGroupBody): Promise<Group> {
  try {
    return await callApi(groupsCalls.create, { body });
  } catch (error) {
    if (!isApiError(error)) throw error;
    if (error.status >= 500) throw new ApiError(error.status, error.code, MESSAGES.groupCreateServerError);
    if (error.status === 400) {
      throw new ApiError(400, error.code, error.serverMessage ?? MESSAGES.groupNameInvalid);
    }
    throw new ApiError(error.status, error.code, error.serverMessage ?? MESSAGES.failedToCreateGroup);
  }
}
