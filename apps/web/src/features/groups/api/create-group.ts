import { type CreateGroupBody, type Group, groupsCalls } from '@pushup/shared';
import { ApiError, callApi, isApiError } from '@/lib/api-client';
import { sharedMessage } from '@/lib/i18n/catalog';
import { errorText } from '@/lib/i18n/error-text';

/**
 * POST /api/groups with the creation messages of docs/product.md, "Messages". The server's own
 * reason is shown in the active language (translated by its code when it is not English).
 */
export async function createGroup(body: CreateGroupBody): Promise<Group> {
  try {
    return await callApi(groupsCalls.create, { body });
  } catch (error) {
    if (!isApiError(error)) throw error;
    if (error.status >= 500) {
      throw new ApiError(error.status, error.code, sharedMessage('groupCreateServerError'));
    }
    const reason = error.serverMessage ? errorText(error.code, error.serverMessage) : null;
    if (error.status === 400) {
      throw new ApiError(400, error.code, reason ?? sharedMessage('groupNameInvalid'));
    }
    throw new ApiError(error.status, error.code, reason ?? sharedMessage('failedToCreateGroup'));
  }
}
