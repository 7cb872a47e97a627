import { isIP } from 'node:net';
import { MESSAGES, type ReminderDeviceBody } from '@pushup/shared';
import { AppError } from '../../errors/app-error';

/** A device's push subscription as a push can use it. */
export interface PushAddress {
  endpoint: string;
  p256dh: string;
  auth: string;
}

const badSubscription = () => new AppError('VALIDATION_ERROR', MESSAGES.pushSubscriptionInvalid);

/** The bytes of base64url text (padding allowed), or null. */
function base64urlBytes(text: string): Buffer | null {
  const bare = text.replace(/=+$/, '');
  return /^[A-Za-z0-9_-]+$/.test(bare) ? Buffer.from(bare, 'base64url') : null;
}

/** A domain name of two labels or more, not an IP address and not localhost. */
function isPublicHostName(hostname: string): boolean {
  const host = hostname.replace(/\.$/, '').toLowerCase();
  if (isIP(host.replace(/^\[|\]$/g, '')) !== 0) return false;
  if (host === 'localhost' || host.endsWith('.localhost')) return false;
  return host.includes('.');
}

/**
 * The endpoint and keys as a push can use them, else 400: an http(s) URL in ASCII, a P-256 public
 * key and an auth secret of at least 16 bytes. Unless `allowHttp` (local mode), the endpoint must be
 * https on a domain name (push services have one): no address, `localhost` or single-label host, so
 * a client cannot point the server's pushes at the machines next to it (docs/security.md).
 */
export function checkedPushAddress(body: ReminderDeviceBody, allowHttp: boolean): PushAddress {
  let url: URL;
  try {
    url = new URL(body.endpoint);
  } catch {
    throw badSubscription();
  }
  const protocols = allowHttp ? ['https:', 'http:'] : ['https:'];
  // Printable ASCII only: push services' endpoints are, and the unique index stays small.
  if (!protocols.includes(url.protocol) || !/^[\x21-\x7e]+$/.test(body.endpoint)) throw badSubscription();
  if (!allowHttp && !isPublicHostName(url.hostname)) throw badSubscription();
  const key = base64urlBytes(body.keys.p256dh);
  const secret = base64urlBytes(body.keys.auth);
  if (key?.length !== 65 || key[0] !== 4 || !secret || secret.length < 16) throw badSubscription();
  return {
    endpoint: body.endpoint,
    p256dh: key.toString('base64url'),
    auth: secret.toString('base64url'),
  };
}
