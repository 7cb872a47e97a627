import { request as httpRequest, type OutgoingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import webpush from 'web-push';
import { type PushAddressPolicy, pushDestination } from './push-address';

/** What a push needs of a device: its endpoint and the keys its browser gave. */
interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

type PushOutcome =
  | { ok: true; status: number }
  /** `gone`: the push service no longer knows the subscription (404 or 410): forget the device. */
  | { ok: false; gone: boolean; status: number | null; reason: string };

export interface PushSender {
  send(target: PushTarget, payload: string): Promise<PushOutcome>;
}

export interface PushOptions {
  vapid: { publicKey: string; privateKey: string; subject: string };
  /** Seconds a push service keeps an undelivered push (the reminder is stale after that). */
  ttlSeconds: number;
  /** A later push with the same topic replaces an undelivered one (base64url, at most 32). */
  topic: string;
  timeoutMs: number;
  /** Where a push may go, checked before every send (push-address.ts). */
  addresses: PushAddressPolicy;
}

/** The most of a push service's answer kept for the log. */
const REASON_CHARS = 200;

const REFUSED: Record<'endpoint' | 'address' | 'unresolved', string> = {
  endpoint: 'the endpoint is not a public push service’s',
  address: 'the endpoint resolves to an address that is not public',
  unresolved: 'the endpoint’s name resolves to no address',
};

/**
 * Web Push with the web-push library (VAPID signature, aes128gcm encryption of the payload), sent
 * with node:http(s) to the address the endpoint was checked to have just before (pushDestination):
 * the connection takes that address instead of resolving the name again, so a name rebound between
 * the check and the connection still reaches the checked address. Plain http is for local mode's
 * push service on loopback. Redirects are not followed: a push service answers, it does not redirect.
 */
export function createWebPushSender(options: PushOptions): PushSender {
  return {
    async send(target, payload) {
      let request: ReturnType<typeof webpush.generateRequestDetails>;
      try {
        request = webpush.generateRequestDetails(
          { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
          payload,
          {
            vapidDetails: options.vapid,
            TTL: options.ttlSeconds,
            urgency: 'normal',
            topic: options.topic,
            contentEncoding: 'aes128gcm',
          },
        );
      } catch (error) {
        // Bad keys: refused when the device was registered, so this is a fault here, not the device's.
        return { ok: false, gone: false, status: null, reason: messageOf(error) };
      }
      const destination = await pushDestination(request.endpoint, options.addresses);
      if (!destination.ok)
        return { ok: false, gone: false, status: null, reason: REFUSED[destination.reason] };
      try {
        const response = await post(request, destination, options.timeoutMs);
        if (response.status >= 200 && response.status < 300) return { ok: true, status: response.status };
        return {
          ok: false,
          gone: response.status === 404 || response.status === 410,
          status: response.status,
          reason: response.text,
        };
      } catch (error) {
        return { ok: false, gone: false, status: null, reason: messageOf(error) };
      }
    },
  };
}

type RequestDetails = ReturnType<typeof webpush.generateRequestDetails>;

/**
 * POSTs the push to `to` (the checked address) and reads the start of the answer, within `timeoutMs`
 * from the first byte sent to the last byte read.
 */
function post(
  request: RequestDetails,
  to: { address: string; family: 4 | 6 },
  timeoutMs: number,
): Promise<{ status: number; text: string }> {
  const url = new URL(request.endpoint);
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  // Node asks for one address or (when it may try several) all of them: either way, the checked one.
  const pinned: LookupFunction = (_hostname, lookupOptions, callback) => {
    if (lookupOptions.all) callback(null, [{ address: to.address, family: to.family }]);
    else callback(null, to.address, to.family);
  };
  return new Promise((resolve, reject) => {
    const outgoing = send(
      url,
      {
        method: request.method,
        headers: request.headers as OutgoingHttpHeaders,
        lookup: pinned,
        signal: AbortSignal.timeout(timeoutMs),
      },
      (response) => {
        const chunks: Buffer[] = [];
        let length = 0;
        response.on('data', (chunk: Buffer) => {
          if (length < REASON_CHARS) chunks.push(chunk);
          length += chunk.length;
        });
        response.on('error', reject);
        // Cut off (the time-out, a reset) before its end: not an answer.
        response.on('close', () => {
          if (!response.complete) reject(new Error('the push service’s answer was cut off'));
        });
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            text: Buffer.concat(chunks).toString('utf8').slice(0, REASON_CHARS),
          }),
        );
      },
    );
    outgoing.on('error', reject);
    outgoing.end(request.body ?? undefined);
  });
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
