import { accountDataCalls, MESSAGES } from '@pushup/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  apiRequest,
  downloadCall,
  endsSession,
  failureMessage,
  fileNameOf,
  messageForStatus,
} from '@/lib/api-client';
import { configureApiClient } from '@/lib/api-wiring';
import { shouldRetry } from '@/lib/query-client';

describe('messageForStatus (docs/product.md, "Messages", by status)', () => {
  it('401: not invited when the server says so', () => {
    expect(messageForStatus(401, 'User not invited to the platform')).toBe(MESSAGES.notInvited);
    expect(messageForStatus(401, 'NOT INVITED')).toBe(MESSAGES.notInvited);
  });
  it('401: the server message, else the fallback', () => {
    expect(messageForStatus(401, 'Invalid or expired authentication token')).toBe(
      'Invalid or expired authentication token',
    );
    expect(messageForStatus(401)).toBe('Not authenticated. Please sign in.');
    expect(messageForStatus(401, '  ')).toBe('Not authenticated. Please sign in.');
  });
  it('403: the exact not-invited sentence when the message says not invited', () => {
    expect(messageForStatus(403, 'User not invited to the platform')).toBe(
      'Not invited to the platform. Please contact an administrator.',
    );
  });
  it('403: the server message, else the not-invited fallback', () => {
    expect(messageForStatus(403, 'Only group admins can do this')).toBe('Only group admins can do this');
    expect(messageForStatus(403)).toBe('Not invited to the platform. Please contact an administrator.');
  });
  it('404: server message, else Resource not found; the profile call has its own text', () => {
    expect(messageForStatus(404, 'Group not found')).toBe('Group not found');
    expect(messageForStatus(404)).toBe('Resource not found');
    expect(messageForStatus(404, 'User not found', { notFoundMessage: MESSAGES.userNotRegistered })).toBe(
      'User not registered. Please set up your profile.',
    );
  });
  it('409: server message, else Resource conflict', () => {
    expect(messageForStatus(409, 'Username is already taken')).toBe('Username is already taken');
    expect(messageForStatus(409)).toBe('Resource conflict');
  });
  it('500: server message, else the server-error text', () => {
    expect(messageForStatus(500, 'Internal server error')).toBe('Internal server error');
    expect(messageForStatus(500)).toBe('Server error. Please try again later.');
    expect(messageForStatus(503)).toBe('Server error. Please try again later.');
  });
  it('other statuses: server message, else a generic text', () => {
    expect(messageForStatus(400, 'Username cannot contain spaces')).toBe('Username cannot contain spaces');
    expect(messageForStatus(400)).toBe('Something went wrong. Please try again.');
    expect(messageForStatus(429)).toBe('Too many requests. Please wait a moment and try again.');
  });
  it('only a refused token ends the session, decided by the code', () => {
    expect(endsSession(401, 'UNAUTHENTICATED')).toBe(true);
    expect(endsSession(403, 'NOT_INVITED')).toBe(false);
    expect(endsSession(403, 'EMAIL_NOT_VERIFIED')).toBe(false);
    expect(endsSession(0, 'NETWORK_ERROR')).toBe(false);
  });
});

describe('failureMessage (a failed write’s toast)', () => {
  it('adds the server’s reason to the spec’s wording for a 400 or a 429 only', () => {
    const fallback = MESSAGES.failedToSubmitPushups;
    expect(failureMessage(fallback, new ApiError(400, 'VALIDATION_ERROR', 'x', 'Too many today'))).toBe(
      'Failed to submit pushups: Too many today',
    );
    expect(failureMessage(fallback, new ApiError(429, 'RATE_LIMITED', 'x', 'Slow down'))).toBe(
      'Failed to submit pushups: Slow down',
    );
    expect(failureMessage(fallback, new ApiError(500, 'INTERNAL', 'x', 'Database exploded'))).toBe(fallback);
    expect(failureMessage(fallback, new ApiError(400, 'BAD_REQUEST', 'x'))).toBe(fallback);
    expect(failureMessage(fallback, new Error('network'))).toBe(fallback);
  });
});

describe('shouldRetry', () => {
  it('retries network and server errors up to 3 times but never a 4xx', () => {
    expect(shouldRetry(0, new ApiError(500, 'INTERNAL', 'x'))).toBe(true);
    expect(shouldRetry(2, new ApiError(0, 'TIMEOUT', 'x'))).toBe(true);
    expect(shouldRetry(3, new ApiError(500, 'INTERNAL', 'x'))).toBe(false);
    expect(shouldRetry(0, new ApiError(404, 'NOT_FOUND', 'x'))).toBe(false);
    expect(shouldRetry(0, new ApiError(403, 'NOT_INVITED', 'x'))).toBe(false);
  });
});

describe('fileNameOf', () => {
  it('reads the quoted file name of an attachment, else nothing', () => {
    expect(fileNameOf('attachment; filename="a-b_1.json"')).toBe('a-b_1.json');
    expect(fileNameOf('attachment')).toBeNull();
    expect(fileNameOf(null)).toBeNull();
  });
});

describe('apiRequest', () => {
  const onSessionEnded = vi.fn();
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    configureApiClient({ getToken: async () => 'token-123', onSessionEnded });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
    fetchMock.mockReset();
    onSessionEnded.mockReset();
    configureApiClient(null);
  });

  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

  it('sends the bearer token and the time zone, and returns the JSON body', async () => {
    fetchMock.mockResolvedValue(json(200, { ok: true }));
    await expect(apiRequest('/api/users/profile')).resolves.toEqual({ ok: true });
    const [, init] = fetchMock.mock.calls[0] ?? [];
    const headers = init?.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer token-123');
    expect(headers['X-Timezone']).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  it('returns undefined for 204', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await expect(apiRequest('/api/users/me', { method: 'DELETE' })).resolves.toBeUndefined();
  });

  it('throws an ApiError with status, code and the catalogue message', async () => {
    fetchMock.mockResolvedValue(
      json(403, { message: 'User not invited to the platform', code: 'NOT_INVITED' }),
    );
    const error = await apiRequest('/api/users/profile').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 403, code: 'NOT_INVITED', message: MESSAGES.notInvited });
    expect(onSessionEnded).not.toHaveBeenCalled();
  });

  it('signs out on a 401 that says the token expired', async () => {
    fetchMock.mockResolvedValue(
      json(401, { message: 'Invalid or expired authentication token', code: 'UNAUTHENTICATED' }),
    );
    await expect(apiRequest('/api/users/profile')).rejects.toMatchObject({ status: 401 });
    expect(onSessionEnded).toHaveBeenCalledOnce();
  });

  it('times out after 10 s with "Request timed out"', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(
      (_input, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
        }),
    );
    const pending = apiRequest('/api/users/profile').catch((caught: unknown) => caught);
    await vi.advanceTimersByTimeAsync(10_000);
    await expect(pending).resolves.toMatchObject({
      status: 0,
      code: 'TIMEOUT',
      message: 'Request timed out',
    });
  });

  it('downloads a file with the bearer token: its content and the name the server gave it', async () => {
    fetchMock.mockResolvedValue(
      new Response('instant,day,count\n', {
        status: 200,
        headers: {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': 'attachment; filename="pushup-tracker-entries-ann-2026-11-24.csv"',
        },
      }),
    );
    const file = await downloadCall(accountDataCalls.exportCsv);
    expect(file.fileName).toBe('pushup-tracker-entries-ann-2026-11-24.csv');
    await expect(file.blob.text()).resolves.toBe('instant,day,count\n');
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/pushups/export');
    const headers = init?.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer token-123');
  });

  it('answers a refused download as any refused call', async () => {
    fetchMock.mockResolvedValue(json(404, { message: 'User not found', code: 'USER_NOT_FOUND' }));
    await expect(downloadCall(accountDataCalls.exportJson)).rejects.toMatchObject({
      status: 404,
      code: 'USER_NOT_FOUND',
      message: 'User not found',
    });
  });

  it('refuses to call without a signed-in user', async () => {
    configureApiClient({ getToken: async () => null, onSessionEnded });
    await expect(apiRequest('/api/users/profile')).rejects.toMatchObject({ message: 'No user logged in' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('reports a token failure', async () => {
    configureApiClient({
      getToken: async () => {
        throw new Error('boom');
      },
      onSessionEnded,
    });
    await expect(apiRequest('/api/users/profile')).rejects.toMatchObject({
      message: 'Failed to get authentication token',
    });
  });
});
