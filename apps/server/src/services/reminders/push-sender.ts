import webpush from 'web-push';

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
}

/**
 * Web Push with the web-push library (VAPID signature, aes128gcm encryption of the payload), sent
 * with fetch: web-push's own transport speaks https only, while local mode's push service may be
 * on plain http loopback. Redirects are not followed: a push service answers, it does not redirect.
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
      try {
        const response = await fetch(request.endpoint, {
          method: request.method,
          headers: request.headers as Record<string, string>,
          body: request.body ?? null,
          redirect: 'manual',
          signal: AbortSignal.timeout(options.timeoutMs),
        });
        const text = await response.text().catch(() => '');
        if (response.status >= 200 && response.status < 300) return { ok: true, status: response.status };
        return {
          ok: false,
          gone: response.status === 404 || response.status === 410,
          status: response.status,
          reason: text.slice(0, 200),
        };
      } catch (error) {
        return { ok: false, gone: false, status: null, reason: messageOf(error) };
      }
    },
  };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
