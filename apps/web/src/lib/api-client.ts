import { type AnswerOf, type CallContract, MESSAGES, pathOf } from '@pushup/shared';
import type { z } from 'zod';
import { apiClientConfig, errorTranslator } from './api-wiring';
import { userTimeZone } from './i18n/format';

// Wired by the page and the service worker through lib/api-wiring.ts, which loads without this client.

/** Default time-out of every API call (docs/product.md, "Limits": 10 s). */
const DEFAULT_TIMEOUT_MS = 10_000;

/** The one error type every API call throws: HTTP status (0 when no response), code and a display message. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  /** The server's own message, when its response had one (the message may be a default otherwise). */
  readonly serverMessage: string | undefined;

  /** `message` is shown as it is: callers pass it in the active language (see `apiError`). */
  constructor(status: number, code: string, message: string, serverMessage?: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.serverMessage = serverMessage;
  }
}

/**
 * The error a call throws: `english` (the server's words or the catalogue's) is shown in the active
 * language, translated by `code`; `serverMessage` keeps the server's own text as it came.
 */
function apiError(status: number, code: string, english: string, serverMessage?: string): ApiError {
  return new ApiError(status, code, errorTranslator().error(code, english), serverMessage);
}

/**
 * Runs a call whose failure has its own wording (docs/product.md, "Messages" and "Other messages"): the server's
 * message when it gave one, else `fallback` (a time-out keeps 'Request timed out').
 */
export async function withFallbackMessage<T>(fallback: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (isApiError(error) && !error.serverMessage && error.code !== 'TIMEOUT') {
      throw new ApiError(error.status, error.code, fallback);
    }
    throw error;
  }
}

/**
 * A failed write's toast: the spec's wording, followed by the server's reason when the refusal is
 * the user's to fix (a 400 such as the daily limit, or a 429 asking to slow down), in the active
 * language.
 */
export function failureMessage(fallback: string, error: unknown): string {
  if (isApiError(error) && (error.status === 400 || error.status === 429) && error.serverMessage) {
    return `${fallback}: ${errorTranslator().error(error.code, error.serverMessage)}`;
  }
  return fallback;
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export interface StatusMessageOptions {
  /** Replaces the 404 text for a call that has its own (the profile call). */
  notFoundMessage?: string;
}

function isNotInvitedMessage(message: string | null | undefined): boolean {
  return typeof message === 'string' && /not invited/i.test(message);
}

/** Our own English for two statuses; errorText (lib/i18n/error-text.ts) gives them in the active language. */
const TOO_MANY_REQUESTS = 'Too many requests. Please wait a moment and try again.';
const REQUEST_FAILED = 'Something went wrong. Please try again.';

/**
 * The one status-to-message catalogue of docs/product.md, "By status", in English. Screens never map
 * statuses themselves; they show `error.message` of the ApiError made from it, in the active language.
 */
export function messageForStatus(
  status: number,
  serverMessage?: string | null,
  options: StatusMessageOptions = {},
): string {
  const message =
    typeof serverMessage === 'string' && serverMessage.trim() !== '' ? serverMessage : undefined;
  switch (status) {
    case 401:
      if (isNotInvitedMessage(message)) return MESSAGES.notInvited;
      return message ?? MESSAGES.notAuthenticated;
    case 403:
      // Our decision: an uninvited user always sees the spec's exact sentence.
      if (isNotInvitedMessage(message)) return MESSAGES.notInvited;
      return message ?? MESSAGES.notInvited;
    case 404:
      return options.notFoundMessage ?? message ?? MESSAGES.resourceNotFound;
    case 409:
      return message ?? MESSAGES.resourceConflict;
    case 429:
      return message ?? TOO_MANY_REQUESTS;
    default:
      if (status >= 500) return message ?? MESSAGES.serverError;
      return message ?? REQUEST_FAILED;
  }
}

/**
 * The server refused the token this client sent (expired, revoked by a password change elsewhere,
 * disabled or invalid): only signing in again mends that, so the session ends. Decided by the
 * response's code; its message is only shown.
 */
export function endsSession(status: number, code: string): boolean {
  return status === 401 && code === 'UNAUTHENTICATED';
}

function codeForStatus(status: number): string {
  if (status === 401) return 'UNAUTHENTICATED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status === 409) return 'CONFLICT';
  if (status === 429) return 'RATE_LIMITED';
  if (status >= 500) return 'INTERNAL';
  return 'BAD_REQUEST';
}

const reachabilityListeners = new Set<(reachable: boolean) => void>();

/**
 * Hears, after each call, whether the server responded (true) or could not be reached at all
 * (false): the browser's own online flag stays true on a network that leads nowhere.
 */
export function onReachability(listener: (reachable: boolean) => void): () => void {
  reachabilityListeners.add(listener);
  return () => reachabilityListeners.delete(listener);
}

function reportReachability(reachable: boolean): void {
  for (const listener of reachabilityListeners) listener(reachable);
}

export interface RequestOptions extends StatusMessageOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  timeoutMs?: number;
  /** Cancels the call (TanStack Query passes one); a cancelled call rejects with the abort reason. */
  signal?: AbortSignal;
  /** A file to save (docs/product.md, "Export"): a success returns a DownloadedFile, not JSON. */
  download?: boolean;
}

/** A downloaded file: its content and the name the server gave it. */
export interface DownloadedFile {
  blob: Blob;
  fileName: string | null;
}

/** The file name of a `Content-Disposition: attachment; filename="..."` header, if it has one. */
export function fileNameOf(disposition: string | null): string | null {
  const match = disposition ? /filename="([^"]+)"/i.exec(disposition) : null;
  return match?.[1] ?? null;
}

async function bearerToken(): Promise<string> {
  // Called with no session behind the client at all (docs/product.md, "Other messages").
  const clientConfig = apiClientConfig();
  if (!clientConfig) throw apiError(401, 'UNAUTHENTICATED', MESSAGES.notAuthenticatedShort);
  let token: string | null;
  try {
    token = await clientConfig.getToken();
  } catch (error) {
    // Offline with an expired token: the session is fine, the network is not.
    if ((error as { code?: unknown } | null)?.code === 'auth/network-request-failed') {
      throw apiError(0, 'NETWORK_ERROR', MESSAGES.networkError);
    }
    throw apiError(401, 'UNAUTHENTICATED', MESSAGES.failedToGetToken);
  }
  if (!token) throw apiError(401, 'UNAUTHENTICATED', MESSAGES.noUserLoggedIn);
  return token;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, timeoutMs = DEFAULT_TIMEOUT_MS, signal, notFoundMessage, download } = options;
  const token = await bearerToken();

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const forwardAbort = () => controller.abort(signal?.reason);
  if (signal?.aborted) controller.abort(signal.reason);
  signal?.addEventListener('abort', forwardAbort, { once: true });

  const headers: Record<string, string> = {
    Accept: 'application/json',
    Authorization: `Bearer ${token}`,
    'X-Timezone': userTimeZone(),
  };
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  try {
    let response: Response;
    try {
      response = await fetch(path, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        credentials: 'same-origin',
        signal: controller.signal,
      });
    } catch (error) {
      if (timedOut) throw apiError(0, 'TIMEOUT', MESSAGES.requestTimedOut);
      if (signal?.aborted) throw error;
      reportReachability(false);
      throw apiError(0, 'NETWORK_ERROR', MESSAGES.networkError);
    }
    reportReachability(true);

    if (download && response.ok) {
      try {
        const file: DownloadedFile = {
          blob: await response.blob(),
          fileName: fileNameOf(response.headers.get('Content-Disposition')),
        };
        return file as T;
      } catch (error) {
        if (timedOut) throw apiError(0, 'TIMEOUT', MESSAGES.requestTimedOut);
        if (signal?.aborted) throw error;
        throw apiError(0, 'NETWORK_ERROR', MESSAGES.networkError);
      }
    }

    let payload: unknown;
    try {
      payload = await readJson(response);
    } catch (error) {
      if (timedOut) throw apiError(0, 'TIMEOUT', MESSAGES.requestTimedOut);
      throw error;
    }

    if (!response.ok) {
      const data = (payload ?? {}) as { message?: unknown; code?: unknown };
      const serverMessage = typeof data.message === 'string' ? data.message : undefined;
      const code = typeof data.code === 'string' ? data.code : codeForStatus(response.status);
      if (endsSession(response.status, code)) apiClientConfig()?.onSessionEnded();
      const kept = serverMessage?.trim() ? serverMessage : undefined;
      // A call's own 404 text: one of the shared MESSAGES (shown in the active language) or a text already in it.
      if (response.status === 404 && notFoundMessage) {
        throw new ApiError(response.status, code, errorTranslator().text(notFoundMessage), kept);
      }
      throw apiError(response.status, code, messageForStatus(response.status, serverMessage), kept);
    }
    return payload as T;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forwardAbort);
  }
}

type BodylessOptions = Omit<RequestOptions, 'method' | 'body'>;

/** One part of a call's input: required when the contract has a schema for it, absent otherwise. */
type Part<K extends string, S> = S extends z.ZodType ? { [P in K]: z.input<S> } : { [P in K]?: undefined };

/** What `callApi` takes: the contract's params, query and body, plus the request options. */
export type CallArgs<C extends CallContract> = Part<'params', C['params']> &
  Part<'query', C['query']> &
  Part<'body', C['body']> &
  BodylessOptions;

function queryString(query: unknown): string {
  if (!query || typeof query !== 'object') return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * Calls the API as `contract` describes it: the URL, the method and the answer's type all come
 * from the contract in @pushup/shared, which the server's route is registered from.
 */
export async function callApi<C extends CallContract>(
  contract: C,
  ...[args]: Partial<CallArgs<C>> extends CallArgs<C> ? [args?: CallArgs<C>] : [args: CallArgs<C>]
): Promise<AnswerOf<C>> {
  const { params, query, body, ...options } = (args ?? {}) as CallArgs<CallContract> & {
    params?: Record<string, string>;
  };
  const url = `${pathOf(contract, params)}${queryString(query)}`;
  const answer = await apiRequest<AnswerOf<C>>(url, { ...options, method: contract.method, body });
  // A 204 has no body: its contract's answer is null.
  return contract.status === 204 ? (null as AnswerOf<C>) : answer;
}

/** Downloads take longer than a call: 20 MB of history on a slow connection. */
const DOWNLOAD_TIMEOUT_MS = 120_000;

/**
 * Fetches the file of a download contract (docs/product.md, "Export") with the bearer token, as a
 * Blob with the server's file name: a plain link could not send the token.
 */
export function downloadCall<C extends CallContract & { download: object }>(
  contract: C,
  options: BodylessOptions = {},
): Promise<DownloadedFile> {
  return apiRequest<DownloadedFile>(pathOf(contract), {
    timeoutMs: DOWNLOAD_TIMEOUT_MS,
    ...options,
    method: contract.method,
    download: true,
  });
}
