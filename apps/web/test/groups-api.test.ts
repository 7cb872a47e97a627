import { MESSAGES } from '@pushup/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createGroup } from '@/features/groups/api/create-group';
import { requestToRejoin } from '@/features/groups/api/join-group';
import { leaveGroup } from '@/features/groups/api/leave-or-delete-group';
import { configureApiClient } from '@/lib/api-wiring';

// The network is outside our system: these tests stub fetch to check which text each response becomes.
const fetchMock = vi.fn<typeof fetch>();
const answer = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error as Error,
  );

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  configureApiClient({ getToken: async () => 'token', onSessionEnded: () => undefined });
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  configureApiClient(null);
});

describe('group creation messages (docs/product.md, "Messages")', () => {
  it('500: the creation server-error text, whatever the server said', async () => {
    fetchMock.mockResolvedValue(answer(500, { message: 'Internal server error', code: 'INTERNAL' }));
    expect((await failure(createGroup({ name: 'Crew' })))?.message).toBe(
      'Server error while creating group. Please try again.',
    );
  });

  it('400: the server message, else the invalid-name message', async () => {
    fetchMock.mockResolvedValueOnce(answer(400, {}));
    expect((await failure(createGroup({ name: 'ab' })))?.message).toBe(MESSAGES.groupNameInvalid);
    fetchMock.mockResolvedValueOnce(
      answer(400, { message: 'Your plan allows at most 10 members per group' }),
    );
    expect((await failure(createGroup({ name: 'Crew', maxMembers: 50 })))?.message).toBe(
      'Your plan allows at most 10 members per group',
    );
  });

  it('other failures: the server message, else Failed to create group', async () => {
    fetchMock.mockResolvedValueOnce(answer(409, { message: MESSAGES.maxGroupsReached }));
    expect((await failure(createGroup({ name: 'Crew' })))?.message).toBe(MESSAGES.maxGroupsReached);
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect((await failure(createGroup({ name: 'Crew' })))?.message).toBe('Failed to create group');
  });
});

describe('other group calls', () => {
  it('use their own failure text when the server gave none, and the server’s when it did', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect((await failure(leaveGroup('g1')))?.message).toBe('Failed to leave group');
    fetchMock.mockResolvedValueOnce(
      answer(403, { message: MESSAGES.serverNotGroupMember, code: 'FORBIDDEN' }),
    );
    expect((await failure(leaveGroup('g1')))?.message).toBe(MESSAGES.serverNotGroupMember);
  });

  it('a rejoin refused for a pending request says so in the spec’s words', async () => {
    fetchMock.mockResolvedValueOnce(
      answer(409, { message: MESSAGES.serverRejoinPending, code: 'REQUEST_PENDING' }),
    );
    expect((await failure(requestToRejoin('g1')))?.message).toBe(
      'You already have a pending request to rejoin this group',
    );
  });
});
