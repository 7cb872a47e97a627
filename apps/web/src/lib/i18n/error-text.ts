import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ErrorCode } from '@pushup/shared';
import { isSharedMessage, localizeMessage } from './catalog';

/** What each error code means to a user, for responses whose English text is not one of MESSAGES. */
const CODE_TEXTS: Record<ErrorCode | 'TIMEOUT' | 'NETWORK_ERROR', MessageDescriptor> = {
  BAD_REQUEST: msg`The request was not accepted. Please check your input.`,
  VALIDATION_ERROR: msg`Some of what you entered is not valid. Please check it and try again.`,
  UNAUTHENTICATED: msg`Not authenticated. Please sign in.`,
  NOT_INVITED: msg`Not invited to the platform. Please contact an administrator.`,
  EMAIL_NOT_VERIFIED: msg`Please verify your email address to continue: open the link in the email we sent you, then continue.`,
  FORBIDDEN: msg`You are not allowed to do this.`,
  NOT_FOUND: msg`Resource not found`,
  USER_NOT_FOUND: msg`User not found`,
  USER_EXISTS: msg`User profile already exists`,
  USERNAME_TAKEN: msg`Username is already taken`,
  CONFLICT: msg`Resource conflict`,
  REQUEST_ALREADY_ACCEPTED: msg`Your join request has already been accepted`,
  ALREADY_MEMBER: msg`You are already a member of this group`,
  REQUEST_PENDING: msg`You already have a pending join request for this group`,
  REQUEST_REJECTED: msg`Your request to join this group was previously rejected. Please contact a group admin if you wish to join.`,
  GROUP_LIMIT_REACHED: msg`You have reached the maximum number of groups`,
  GROUP_FULL: msg`This group has reached its maximum number of members`,
  LAST_ADMIN: msg`A group needs at least one admin: make another member an admin first`,
  INVITE_INVALID: msg`This invite link can no longer be used`,
  ENTRY_CONFLICT: msg`This entry was already logged with a different count or date`,
  REMINDERS_UNAVAILABLE: msg`Reminders are not set up on this server`,
  RATE_LIMITED: msg`Too many requests. Please wait a moment and try again.`,
  INTERNAL: msg`Server error. Please try again later.`,
  TIMEOUT: msg`Request timed out`,
  NETWORK_ERROR: msg`Cannot reach the server. Check your connection and try again.`,
};

/**
 * An API error's text in the active language (the client translates by code). English
 * keeps the server's own words; another language uses the translation of that text when it is one
 * of the shared MESSAGES, else what the code means.
 */
export function errorText(code: string, english: string): string {
  if (i18n.locale === 'en' || !i18n.locale) return english;
  // The shared texts' German comes with the signed-in pages (catalog.ts): before that, the code's text.
  if (isSharedMessage(english)) {
    const localized = localizeMessage(english);
    if (localized !== english) return localized;
  }
  const descriptor = CODE_TEXTS[code as keyof typeof CODE_TEXTS];
  return descriptor ? i18n._(descriptor) : english;
}
