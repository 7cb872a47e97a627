import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** A text in the active language; before any is active (unit tests of plain functions), the English source. */
function text(descriptor: MessageDescriptor): string {
  return i18n.locale ? i18n._(descriptor) : (descriptor.message ?? descriptor.id);
}

/**
 * User-facing texts the web app needs that the shared MESSAGES catalogue does not (yet) hold.
 * Spec texts are never defined here; these are our own wording for situations the spec leaves open.
 * Each is read when shown, in the active language (issue 18): never keep one at module top level.
 */
export const WEB_MESSAGES = {
  get requestFailed() {
    return text(msg`Something went wrong. Please try again.`);
  },
  get tooManyRequests() {
    return text(msg`Too many requests. Please wait a moment and try again.`);
  },
  get invalidRequest() {
    return text(msg`The request was not valid.`);
  },
  get pageNotFound() {
    return text(msg`Page not found`);
  },
  get signInFailed() {
    return text(msg`Sign-in failed. Please try again.`);
  },
  get goalDeadlineInvalid() {
    return text(msg`Please enter a valid date.`);
  },
  get verificationSent() {
    return text(msg`Verification email sent to`);
  },
  get verificationNotSent() {
    return text(msg`The verification email could not be sent. Please try again in a few minutes.`);
  },
  get emailStillUnverified() {
    return text(msg`Your email is not verified yet. Open the link in the email we sent you first.`);
  },
  get savedOffline() {
    return text(msg`Saved on this device. It will be sent when you are back online.`);
  },
  get savedUntilServerAnswers() {
    return text(msg`Saved on this device. It will be sent as soon as the server can be reached.`);
  },
  get offlineTitle() {
    return text(msg`You are offline`);
  },
  get offlineDayUnknown() {
    return text(msg`You are offline: the entries of this day from before are not saved on this device.`);
  },
  get offlineNoData() {
    return text(msg`Nothing is saved on this device yet. Connect once to load your data.`);
  },
};
