import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { Group, GroupMember, Invite, InviteAccept, JoinRequest, UserJoinRequest } from '@pushup/shared';
import { callApi } from './api';
import { E2E } from './env';

/**
 * Seeding groups through the real API, as the web app would call it: a user's ID token from the
 * Auth Emulator, then the group calls with a bearer token.
 */

export function createGroupViaApi(token: string, name: string, description?: string): Promise<Group> {
  return callApi<Group>(token, 'POST', '/api/groups', { name, ...(description ? { description } : {}) });
}

export function requestJoinViaApi(token: string, groupId: string): Promise<UserJoinRequest> {
  return callApi<UserJoinRequest>(token, 'POST', `/api/groups/${groupId}/join-requests`);
}

export function createInviteViaApi(
  token: string,
  groupId: string,
  body: { maxUses?: number | null; expiresInDays?: number } = {},
): Promise<Invite> {
  return callApi<Invite>(token, 'POST', `/api/groups/${groupId}/invites`, body);
}

export function acceptInviteViaApi(token: string, code: string): Promise<InviteAccept> {
  return callApi<InviteAccept>(
    token,
    'POST',
    `/api/groups/invites/${encodeURIComponent(code)}/accept`,
    undefined,
    200,
  );
}

export function membersViaApi(token: string, groupId: string): Promise<GroupMember[]> {
  return callApi<GroupMember[]>(token, 'GET', `/api/groups/${groupId}/members`);
}

export function canJoinViaApi(token: string, groupId: string): Promise<{ canJoin: boolean; reason: string }> {
  return callApi(token, 'GET', `/api/groups/${groupId}/can-join`);
}

/** Approves or rejects a pending request as the group's admin, through the API (another device). */
export async function decideViaApi(adminToken: string, groupId: string, username: string, accept: boolean) {
  const requests = await callApi<JoinRequest[]>(
    adminToken,
    'GET',
    `/api/groups/${groupId}/join-requests?status=pending`,
  );
  const request = requests.find((r) => r.user.username === username);
  if (!request) throw new Error(`no pending request of ${username}`);
  await callApi(adminToken, 'POST', `/api/groups/requests/${request.requestId}`, { accept }, 204);
}

/** A unique group name within 3..30 characters. */
export function groupName(prefix: string): string {
  return `${prefix} ${Math.random().toString(36).slice(2, 8)}`.slice(0, 30);
}

/**
 * Moves an invite's expiry into the past in the server's SQLite database. Nothing in the API can
 * make a link expire early, and the test cannot wait 24 hours. Runs in the server workspace, whose
 * dependency better-sqlite3 is; the WAL database is shared safely with the running server.
 */
export function expireInviteInDatabase(inviteId: string): void {
  const script = `
    const Database = require('better-sqlite3');
    const db = new Database(process.argv[1]);
    db.pragma('busy_timeout = 5000');
    const changed = db.prepare('update group_invites set expires_at = ? where id = ?')
      .run('2025-01-01T00:00:00.000Z', process.argv[2]).changes;
    db.close();
    if (changed !== 1) { console.error('no invite ' + process.argv[2]); process.exit(1); }
  `;
  execFileSync(process.execPath, ['-e', script, path.join(E2E.dataDir, 'pushups.db'), inviteId], {
    cwd: path.join(E2E.repoRoot, 'apps', 'server'),
    stdio: 'pipe',
  });
}
