/**
 * The rows of the authorization matrix of docs/security.md, by domain, in the docs' order: every API
 * call under /api on every kind of target, and the answer each kind of caller gets (matrix.ts).
 */
import { randomUUID } from 'node:crypto';
import { addDays, dayInZone, MESSAGES } from '@pushup/shared';
import { expect } from 'vitest';
import { adminAuth } from '../helpers';
import {
  ADMINS_ONLY,
  ALREADY_MEMBER,
  adminsOnly,
  cells,
  error,
  everyone,
  inGroup,
  membersOnly,
  OPERATORS_ONLY,
  ok,
  type Row,
  type Scene,
  subscription,
} from './matrix';

let goalCounter = 0;

/** The calls anyone may make. */
export const PUBLIC_ROWS: Row[] = [
  {
    call: 'GET /api/health',
    target: 'none (public)',
    url: () => '/api/health',
    cells: everyone(ok(200, { body: { status: 'ok', database: 'ok' } })),
  },
  {
    call: 'GET /api/health/ready',
    target: 'none (public)',
    url: () => '/api/health/ready',
    cells: everyone(ok(200, { body: { status: 'ok', database: 'ok', identity: 'ok', shuttingDown: false } })),
  },
  {
    call: 'GET /api/docs/*',
    target: 'none (public): Swagger UI and the OpenAPI document',
    url: () => ['/api/docs', '/api/docs/json', '/api/docs/yaml', '/api/docs/static/swagger-initializer.js'],
    cells: everyone(ok(200)),
  },
  {
    call: 'GET /api/groups/invites/:code/preview',
    target: 'an invite link of the group (its group name only)',
    url: (s) => `/api/groups/invites/${s.group.code}/preview`,
    cells: everyone(ok(200)),
  },
  {
    call: 'GET /api/groups/public/:id/preview',
    target: 'the group (its name and description only)',
    url: (s) => `/api/groups/public/${s.group.id}/preview`,
    cells: everyone(ok(200)),
  },
  {
    call: 'GET /api/public/profiles/:username',
    target: 'a public profile (the parts its owner chose only) [^publicprofile]',
    url: (s) => `/api/public/profiles/${s.profiles.public}`,
    cells: everyone(ok(200)),
    check: async (s, _cell, server) => {
      const response = await server.app.inject({
        method: 'GET',
        url: `/api/public/profiles/${s.profiles.public}`,
      });
      expect(Object.keys(response.json<object>()).sort()).toEqual(['totals', 'username']);
    },
  },
  {
    call: 'GET /api/public/profiles/:username',
    target: 'a private profile, a name no one holds',
    url: (s) => [`/api/public/profiles/${s.profiles.private}`, `/api/public/profiles/no_one_${s.unique}`],
    cells: everyone(error(404, 'NOT_FOUND', MESSAGES.serverUserNotFound, 'privateprofile')),
  },
  {
    call: 'GET /api/share-cards/users/:username',
    target: 'a public profile’s picture [^sharepicture]',
    url: (s) => `/api/share-cards/users/${s.profiles.public}`,
    cells: everyone(ok(200)),
  },
  {
    call: 'GET /api/share-cards/users/:username',
    target: 'a private profile’s picture, a name no one holds',
    url: (s) => [`/api/share-cards/users/${s.profiles.private}`, `/api/share-cards/users/no_one_${s.unique}`],
    cells: everyone(error(404, 'NOT_FOUND', MESSAGES.serverUserNotFound, 'privateprofile')),
  },
];

/** The caller's profile and account. */
export const USER_ROWS: Row[] = [
  {
    call: 'POST /api/users',
    target: 'own profile (creates it)',
    url: () => '/api/users',
    payload: (s) => ({ username: `n${s.unique}` }),
    cells: cells(error(409, 'USER_EXISTS', MESSAGES.serverUserExists)),
  },
  {
    call: 'GET /api/users/profile',
    target: 'own profile',
    url: () => '/api/users/profile',
    cells: cells(ok(200)),
  },
  {
    call: 'PUT /api/users/profile',
    target: 'own profile',
    url: () => '/api/users/profile',
    payload: (s) => ({ username: `n${s.unique}` }),
    cells: cells(ok(200)),
  },
  {
    call: 'PATCH /api/users/profile-update',
    target: 'own profile',
    url: () => '/api/users/profile-update',
    payload: () => ({ personalGoal: ++goalCounter }),
    cells: cells(ok(200)),
  },
  {
    call: 'DELETE /api/users/me',
    target: 'own account',
    needs: ['group'],
    freshCaller: true,
    url: () => '/api/users/me',
    cells: cells(ok(204, { notes: ['delete'] })),
    async check(s, cell, server) {
      if (!s.caller || s.actor === 'deleted') return;
      const { uid } = s.caller;
      if (cell.status === 204) {
        await expect(adminAuth().getUser(uid)).rejects.toMatchObject({ code: 'auth/user-not-found' });
        expect(await server.repos.users.findByFirebaseUid(uid)).toBeUndefined();
      } else {
        await expect(adminAuth().getUser(uid)).resolves.toMatchObject({ uid });
      }
    },
  },
];

/** Push-up entries: the caller's own, another user's, everyone's totals. */
export const PUSHUP_ROWS: Row[] = [
  {
    call: 'POST /api/pushups',
    target: 'own entries (adds one)',
    url: () => '/api/pushups',
    payload: () => ({ count: 5 }),
    cells: cells(ok(201)),
  },
  {
    call: 'POST /api/pushups',
    target: 'own entry, sent again [^own]',
    needs: ['ownEntry'],
    url: () => '/api/pushups',
    payload: (s) => ({ count: 5, uuid: s.ownEntry }),
    // The answer is the stored entry; `unchanged`: the repeat writes nothing.
    cells: cells(ok(201, { body: { count: 5 }, unchanged: true, notes: ['repeat'] })),
  },
  {
    call: 'POST /api/pushups',
    target: 'another user’s entry (its uuid)',
    needs: ['ownerEntry'],
    url: () => '/api/pushups',
    payload: (s) => ({ count: 5, uuid: s.ownerEntry }),
    cells: cells(error(409, 'ENTRY_CONFLICT', MESSAGES.serverEntryIdInUse, 'entryid')),
  },
  { call: 'GET /api/pushups', target: 'own entries', url: () => '/api/pushups', cells: cells(ok(200)) },
  {
    call: 'GET /api/pushups/daily',
    target: 'own entries',
    url: () => '/api/pushups/daily',
    cells: cells(ok(200)),
  },
  {
    call: 'GET /api/pushups/leaderboard',
    target: 'everyone’s totals',
    url: () => '/api/pushups/leaderboard',
    cells: cells(ok(200)),
  },
  {
    call: 'GET /api/pushups/group/:groupId/members',
    target: 'the group',
    url: (s) => `/api/pushups/group/${s.group.id}/members`,
    cells: membersOnly(ok(200)),
  },
  {
    call: 'PATCH /api/pushups/:uuid',
    target: 'own entry [^own]',
    needs: ['ownEntry'],
    url: (s) => `/api/pushups/${s.ownEntry}`,
    payload: () => ({ count: 7 }),
    cells: cells(ok(200, { body: { count: 7 } })),
  },
  {
    call: 'PATCH /api/pushups/:uuid',
    target: 'another user’s entry',
    needs: ['ownerEntry'],
    url: (s) => `/api/pushups/${s.ownerEntry}`,
    payload: () => ({ count: 7 }),
    cells: cells(error(404, 'NOT_FOUND', MESSAGES.pushupNotFound, 'hidden')),
  },
  {
    call: 'DELETE /api/pushups/:uuid',
    target: 'own entry [^own]',
    needs: ['ownEntry'],
    url: (s) => `/api/pushups/${s.ownEntry}`,
    cells: cells(ok(204)),
  },
  {
    call: 'DELETE /api/pushups/:uuid',
    target: 'another user’s entry',
    needs: ['ownerEntry'],
    url: (s) => `/api/pushups/${s.ownerEntry}`,
    cells: cells(error(404, 'NOT_FOUND', MESSAGES.pushupNotFound, 'hidden')),
  },
];

/** Streaks, records, achievements and settings (docs/product.md, "Streaks" to "Achievements"). */
export const HABIT_ROWS: Row[] = [
  {
    call: 'GET /api/pushups/streak',
    target: 'own entries',
    url: () => '/api/pushups/streak',
    cells: cells(ok(200)),
  },
  {
    call: 'GET /api/pushups/records',
    target: 'own entries',
    url: () => '/api/pushups/records',
    cells: cells(ok(200)),
  },
  {
    call: 'GET /api/achievements',
    target: 'own achievements',
    url: () => '/api/achievements',
    cells: cells(ok(200)),
  },
  {
    call: 'POST /api/achievements/seen',
    target: 'own achievements [^seen]',
    // The caller's entry earns 'first-entry' (if it is not earned yet), which the call marks seen.
    needs: ['ownEntry'],
    url: () => '/api/achievements/seen',
    payload: () => ({ ids: ['first-entry'] }),
    cells: cells(ok(204)),
  },
  {
    call: 'GET /api/users/settings',
    target: 'own settings',
    url: () => '/api/users/settings',
    cells: cells(ok(200)),
  },
  {
    call: 'PATCH /api/users/settings',
    target: 'own settings',
    url: () => '/api/users/settings',
    payload: () => ({ restDaysPerWeek: 2, language: 'de', theme: 'dark' }),
    cells: cells(ok(200, { body: { restDaysPerWeek: 2, language: 'de', theme: 'dark' } })),
  },
  {
    call: 'GET /api/users/public-profile',
    target: 'own public-profile settings',
    url: () => '/api/users/public-profile',
    cells: cells(ok(200)),
  },
  {
    call: 'PUT /api/users/public-profile',
    target: 'own public-profile settings',
    url: () => '/api/users/public-profile',
    payload: () => ({
      enabled: false,
      parts: { totals: true, streak: true, records: false, heatmap: false, achievements: false },
    }),
    cells: cells(ok(200, { body: { enabled: false } })),
  },
];

/** Your data (docs/product.md, "Export", "Import"): the caller's own, whoever they are. */
export const DATA_ROWS: Row[] = [
  {
    call: 'GET /api/users/me/export',
    target: 'own data (all of it, a JSON file)',
    url: () => '/api/users/me/export',
    cells: cells(ok(200)),
  },
  {
    call: 'GET /api/pushups/export',
    target: 'own entries (a CSV file)',
    url: () => '/api/pushups/export',
    cells: cells(ok(200)),
  },
  {
    call: 'POST /api/pushups/import/preview',
    target: 'own entries (reads a file) [^preview]',
    url: () => '/api/pushups/import/preview',
    payload: () => ({ csv: 'date,count\n2025-06-01,7\n' }),
    cells: cells(ok(200, { body: { entries: 1, committed: false }, unchanged: true })),
  },
  {
    call: 'POST /api/pushups/import',
    target: 'own entries (adds a file’s) [^import]',
    url: () => '/api/pushups/import',
    payload: () => ({ csv: 'date,count\n2025-06-01,7\n' }),
    cells: cells(ok(200, { body: { entries: 1, committed: true } })),
  },
];

/**
 * Reminders (docs/product.md, "Reminders"). The test send comes before the rows that register
 * devices: until then no column has a device.
 */
export const REMINDER_ROWS: Row[] = [
  {
    call: 'GET /api/reminders',
    target: 'own reminder settings',
    url: () => '/api/reminders',
    cells: cells(ok(200)),
  },
  {
    call: 'PUT /api/reminders',
    target: 'own reminder settings',
    url: () => '/api/reminders',
    payload: () => ({ enabled: true, time: '18:00', weekdays: [1, 3, 5] }),
    cells: cells(ok(200, { body: { enabled: true, time: '18:00', weekdays: [1, 3, 5] } })),
  },
  {
    call: 'POST /api/reminders/test',
    target: 'own devices (none yet)',
    url: () => '/api/reminders/test',
    cells: cells(error(404, 'NOT_FOUND', MESSAGES.noReminderDevices, 'nodevice')),
  },
  {
    call: 'POST /api/reminders/devices',
    target: 'own devices (adds one)',
    url: () => '/api/reminders/devices',
    payload: (s) => subscription(s.unique),
    cells: cells(ok(201)),
  },
  {
    call: 'DELETE /api/reminders/devices/:deviceId',
    target: 'own device [^owndevice]',
    needs: ['ownDevice'],
    url: (s) => `/api/reminders/devices/${s.ownDevice}`,
    cells: cells(ok(204)),
  },
  {
    call: 'DELETE /api/reminders/devices/:deviceId',
    target: 'another user’s device',
    needs: ['ownerDevice'],
    url: (s) => `/api/reminders/devices/${s.ownerDevice}`,
    cells: cells(error(404, 'NOT_FOUND', MESSAGES.reminderDeviceNotFound, 'hiddendevice')),
  },
];

/**
 * Training plans (docs/product.md, "Training plans: calls"): the caller's own plan, tests and
 * workouts. The plan is started before the rows that need one: each column then has an active plan
 * at its first session, which a workout that misses its targets keeps there.
 */
export const PLAN_ROWS: Row[] = [
  { call: 'GET /api/plan', target: 'own plan', url: () => '/api/plan', cells: cells(ok(200)) },
  {
    call: 'PUT /api/plan',
    target: 'own plan (starts one) [^plan]',
    url: () => '/api/plan',
    payload: () => ({
      planId: 'hundred',
      level: 2,
      startDay: dayInZone(new Date(), 'UTC'),
      weekdays: [1, 3, 5],
    }),
    cells: cells(ok(200)),
  },
  {
    call: 'POST /api/workouts',
    target: 'own plan’s next session [^workout]',
    url: () => '/api/workouts',
    payload: () => ({ id: randomUUID(), session: 0, sets: [1, 1, 1, 1, 1] }),
    cells: cells(ok(201, { body: { outcome: { kind: 'repeat-day', session: 0 } } })),
  },
  {
    call: 'POST /api/workouts',
    target: 'another user’s entry (its uuid)',
    needs: ['ownerEntry'],
    url: () => '/api/workouts',
    payload: (s) => ({ id: s.ownerEntry, session: 0, sets: [1, 1, 1, 1, 1] }),
    cells: cells(error(409, 'ENTRY_CONFLICT', MESSAGES.serverEntryIdInUse, 'entryid')),
  },
  {
    call: 'PATCH /api/plan',
    target: 'own plan',
    url: () => '/api/plan',
    payload: () => ({ action: 'share', shared: true }),
    cells: cells(ok(200, { body: { plan: { shared: true } } })),
  },
  { call: 'GET /api/plan/tests', target: 'own tests', url: () => '/api/plan/tests', cells: cells(ok(200)) },
  {
    call: 'POST /api/plan/tests',
    target: 'own tests (adds one)',
    url: () => '/api/plan/tests',
    payload: () => ({ id: randomUUID(), count: 10 }),
    cells: cells(ok(201, { body: { test: { count: 10 } } })),
  },
];

/** Groups (docs/product.md, "Roles and permissions"). */
export const GROUP_ROWS: Row[] = [
  // The caller's own lists and any group's public face
  {
    call: 'POST /api/groups',
    target: 'a new group (the caller its admin)',
    url: () => '/api/groups',
    payload: (s) => ({ name: `New ${s.unique}` }),
    cells: cells(ok(201)),
  },
  { call: 'GET /api/groups', target: 'own groups', url: () => '/api/groups', cells: cells(ok(200)) },
  {
    call: 'GET /api/groups/quota',
    target: 'own quota',
    url: () => '/api/groups/quota',
    cells: cells(ok(200)),
  },
  {
    call: 'GET /api/groups/search',
    target: 'every group (by name)',
    url: (s) => `/api/groups/search?q=${encodeURIComponent(s.group.name)}`,
    cells: cells(ok(200)),
  },
  {
    call: 'GET /api/groups/suggested',
    target: 'groups the caller could join',
    url: () => '/api/groups/suggested',
    cells: cells(ok(200)),
  },
  {
    call: 'GET /api/groups/user-join-requests',
    target: 'own requests',
    url: () => '/api/groups/user-join-requests',
    cells: cells(ok(200)),
  },
  {
    call: 'GET /api/groups/public/:id',
    target: 'the group',
    url: (s) => `/api/groups/public/${s.group.id}`,
    cells: cells(ok(200)),
  },
  {
    call: 'GET /api/groups/:id/can-join',
    target: 'the group',
    url: inGroup('/can-join'),
    cells: cells((a) => {
      const reason = {
        outsider: '',
        pending: MESSAGES.alreadyPending,
        rejected: MESSAGES.previouslyRejected,
        member: MESSAGES.alreadyMember,
        admin: MESSAGES.alreadyMember,
        removed: '',
      }[a];
      return ok(200, { body: { canJoin: reason === '', reason }, notes: [reason ? 'cannot' : 'can'] });
    }),
  },

  // Joining
  {
    call: 'POST /api/groups/:id/join-requests',
    target: 'the group',
    needs: ['group'],
    url: inGroup('/join-requests'),
    cells: cells((a) =>
      a === 'pending'
        ? error(409, 'REQUEST_PENDING', MESSAGES.alreadyPending)
        : a === 'rejected'
          ? error(409, 'REQUEST_REJECTED', MESSAGES.previouslyRejected)
          : a === 'member' || a === 'admin'
            ? ALREADY_MEMBER
            : ok(201),
    ),
  },
  {
    call: 'POST /api/groups/:id/join-requests/cancel',
    target: 'own pending request to the group',
    needs: ['group'],
    url: inGroup('/join-requests/cancel'),
    cells: cells((a) =>
      a === 'pending'
        ? ok(204)
        : a === 'member' || a === 'admin'
          ? error(409, 'REQUEST_ALREADY_ACCEPTED', MESSAGES.serverRequestAlreadyAccepted)
          : error(404, 'NOT_FOUND', MESSAGES.serverNoPendingRequest, 'nopending'),
    ),
  },
  {
    call: 'POST /api/groups/:id/rejoin',
    target: 'the group',
    needs: ['group'],
    url: inGroup('/rejoin'),
    cells: cells((a) =>
      a === 'pending'
        ? error(409, 'REQUEST_PENDING', MESSAGES.serverRejoinPending)
        : a === 'member' || a === 'admin'
          ? ALREADY_MEMBER
          : a === 'rejected'
            ? ok(201)
            : ok(201, { notes: ['rejoin'] }),
    ),
  },
  {
    call: 'GET /api/groups/invites/:code/check',
    target: 'an invite link of the group',
    url: (s) => `/api/groups/invites/${s.group.code}/check`,
    cells: cells((a) => ok(200, { body: { valid: true, isMember: a === 'member' || a === 'admin' } })),
  },
  {
    call: 'POST /api/groups/invites/:code/accept',
    target: 'an invite link of the group',
    needs: ['group'],
    url: (s) => `/api/groups/invites/${s.group.code}/accept`,
    cells: cells((a) =>
      a === 'member' || a === 'admin'
        ? ok(200, { body: { alreadyMember: true }, unchanged: true, notes: ['already'] })
        : ok(200, { body: { alreadyMember: false }, notes: ['invite'] }),
    ),
  },

  // Members only
  {
    call: 'GET /api/groups/:id/members',
    target: 'the group',
    url: inGroup('/members'),
    cells: membersOnly(ok(200)),
  },
  {
    call: 'GET /api/groups/:id/stats',
    target: 'the group',
    url: inGroup('/stats'),
    cells: membersOnly(ok(200)),
  },
  {
    call: 'GET /api/groups/:id/achievements',
    target: 'the group',
    url: inGroup('/achievements'),
    cells: membersOnly(ok(200)),
  },
  {
    call: 'GET /api/groups/:id/members/:userId/plan',
    target: 'another member of the group [^memberplan]',
    url: (s) => `/api/groups/${s.group.id}/members/${s.group.peerUuid}/plan`,
    cells: membersOnly(ok(200)),
  },
  {
    call: 'GET /api/groups/:id/members/:userId/plan',
    target: 'a member of another group',
    url: (s) => `/api/groups/${s.group.id}/members/${s.other.memberUuid}/plan`,
    cells: membersOnly(error(404, 'NOT_FOUND', MESSAGES.serverMemberNotFound, 'othermember')),
  },
  {
    call: 'DELETE /api/groups/:id/members',
    target: 'own membership of the group (leave)',
    needs: ['group'],
    url: inGroup('/members'),
    cells: membersOnly(ok(204)),
  },

  // Admins only, on the group's own people and things
  {
    call: 'DELETE /api/groups/:id',
    target: 'the group',
    needs: ['group'],
    url: inGroup(),
    cells: adminsOnly(ok(204)),
  },
  {
    call: 'DELETE /api/groups/:id/members/:userId',
    target: 'another member of the group',
    needs: ['group'],
    url: (s) => `/api/groups/${s.group.id}/members/${s.group.peerUuid}`,
    cells: adminsOnly(ok(204)),
  },
  {
    call: 'POST /api/groups/:id/admins',
    target: 'another member of the group',
    needs: ['group'],
    url: inGroup('/admins'),
    payload: (s) => ({ userId: s.group.peerUuid }),
    cells: adminsOnly(ok(204)),
  },
  {
    call: 'DELETE /api/groups/:id/admins/:userId',
    target: 'another admin of the group',
    needs: ['group'],
    url: (s) => `/api/groups/${s.group.id}/admins/${s.group.coAdminUuid}`,
    cells: adminsOnly(ok(204)),
  },
  {
    call: 'GET /api/groups/:id/join-requests',
    target: 'the group',
    url: inGroup('/join-requests'),
    cells: adminsOnly(ok(200)),
  },
  {
    call: 'POST /api/groups/requests/:requestId',
    target: 'the pending user’s request to the group',
    needs: ['group'],
    url: (s) => `/api/groups/requests/${s.group.requestId}`,
    payload: () => ({ accept: true }),
    cells: adminsOnly(ok(204)),
  },
  {
    call: 'POST /api/groups/:id/rejected-members/:uuid/allow',
    target: 'the rejected user',
    needs: ['group'],
    url: (s) => `/api/groups/${s.group.id}/rejected-members/${s.group.rejectedUuid}/allow`,
    cells: adminsOnly(ok(204)),
  },
  {
    call: 'POST /api/groups/:id/invites',
    target: 'the group',
    needs: ['group'],
    url: inGroup('/invites'),
    payload: () => ({ maxUses: null, expiresInDays: 30 }),
    cells: adminsOnly(ok(201)),
  },
  {
    call: 'GET /api/groups/:id/invites',
    target: 'the group',
    url: inGroup('/invites'),
    cells: adminsOnly(ok(200)),
  },
  {
    call: 'DELETE /api/groups/:id/invites/:inviteId',
    target: 'an invite link of the group',
    needs: ['group'],
    url: (s) => `/api/groups/${s.group.id}/invites/${s.group.inviteId}`,
    cells: adminsOnly(ok(204)),
  },

  // An admin of the group reaching into another group through the group's paths
  {
    call: 'DELETE /api/groups/:id/members/:userId',
    target: 'a member of another group',
    needs: ['group', 'other'],
    url: (s) => `/api/groups/${s.group.id}/members/${s.other.memberUuid}`,
    cells: adminsOnly(error(404, 'NOT_FOUND', MESSAGES.serverMemberNotFound, 'other')),
  },
  {
    call: 'POST /api/groups/:id/admins',
    target: 'a member of another group',
    needs: ['group', 'other'],
    url: inGroup('/admins'),
    payload: (s) => ({ userId: s.other.memberUuid }),
    cells: adminsOnly(error(404, 'NOT_FOUND', MESSAGES.serverMemberNotFound, 'other')),
  },
  {
    call: 'DELETE /api/groups/:id/admins/:userId',
    target: 'an admin of another group',
    needs: ['group', 'other'],
    url: (s) => `/api/groups/${s.group.id}/admins/${s.other.adminUuid}`,
    cells: adminsOnly(error(404, 'NOT_FOUND', MESSAGES.serverMemberNotFound, 'other')),
  },
  {
    call: 'POST /api/groups/requests/:requestId',
    target: 'a pending request to another group',
    needs: ['other'],
    url: (s) => `/api/groups/requests/${s.other.requestId}`,
    payload: () => ({ accept: true }),
    cells: cells(ADMINS_ONLY),
  },
  {
    call: 'POST /api/groups/:id/rejected-members/:uuid/allow',
    target: 'a user rejected by another group',
    needs: ['group', 'other'],
    url: (s) => `/api/groups/${s.group.id}/rejected-members/${s.other.rejectedUuid}/allow`,
    cells: adminsOnly(error(404, 'NOT_FOUND', MESSAGES.serverNotRejected, 'other')),
  },
  {
    call: 'DELETE /api/groups/:id/invites/:inviteId',
    target: 'an invite link of another group',
    needs: ['group', 'other'],
    url: (s) => `/api/groups/${s.group.id}/invites/${s.other.inviteId}`,
    cells: adminsOnly(error(404, 'NOT_FOUND', MESSAGES.serverInviteNotFound, 'other')),
  },
];

/** The whole table, in the docs' order. */
/**
 * Group challenges, cheers and the feed (docs/product.md, "Group challenges, cheers and the feed"):
 * members only, but the caller's own lists. The member column joined the group after the race began.
 */
const NOT_MEMBER = error(403, 'FORBIDDEN', MESSAGES.serverNotGroupMember, 'members');
const inChallenge =
  (path = '') =>
  (s: Scene) =>
    `/api/groups/${s.group.id}/challenges/${s.group.challengeId}${path}`;
const peerCheer =
  (daysBack = 0) =>
  (s: Scene) =>
    `/api/groups/${s.group.id}/members/${s.group.peerUuid}/cheers/${addDays(dayInZone(new Date(), 'UTC'), -daysBack)}`;

export const CHALLENGE_ROWS: Row[] = [
  {
    call: 'POST /api/groups/:id/challenges',
    target: 'the group (members may not create: the default)',
    needs: ['group'],
    url: inGroup('/challenges'),
    payload: () => {
      const today = dayInZone(new Date(), 'UTC');
      return { name: 'Matrix week', kind: 'everyone', target: 100, startDay: today, endDay: today };
    },
    cells: cells((a) =>
      a === 'admin'
        ? ok(201)
        : a === 'member'
          ? error(403, 'FORBIDDEN', MESSAGES.challengeCreateAdminsOnly, 'challengecreate')
          : NOT_MEMBER,
    ),
  },
  {
    call: 'GET /api/groups/:id/challenges',
    target: 'the group',
    url: inGroup('/challenges'),
    cells: membersOnly(ok(200)),
  },
  {
    call: 'GET /api/groups/:id/challenges/:challengeId',
    target: 'a running challenge of the group',
    url: inChallenge(),
    cells: membersOnly(ok(200)),
  },
  {
    call: 'PUT /api/groups/:id/challenges/:challengeId/participation',
    target: 'a running challenge of the group (joins)',
    needs: ['group'],
    url: inChallenge('/participation'),
    cells: cells((a) =>
      a === 'member'
        ? ok(204, { notes: ['joinlate'] })
        : a === 'admin'
          ? ok(204, { unchanged: true, notes: ['joinagain'] })
          : NOT_MEMBER,
    ),
  },
  {
    call: 'DELETE /api/groups/:id/challenges/:challengeId/participation',
    target: 'a running challenge of the group (leaves)',
    needs: ['group'],
    url: inChallenge('/participation'),
    cells: cells((a) =>
      a === 'admin' ? ok(204) : a === 'member' ? ok(204, { unchanged: true, notes: ['notin'] }) : NOT_MEMBER,
    ),
  },
  {
    call: 'DELETE /api/groups/:id/challenges/:challengeId',
    target: 'a running challenge of the group',
    needs: ['group'],
    url: inChallenge(),
    cells: cells((a) =>
      a === 'admin'
        ? ok(204)
        : a === 'member'
          ? error(403, 'FORBIDDEN', MESSAGES.challengeDeleteNotAllowed, 'challengedelete')
          : NOT_MEMBER,
    ),
  },
  {
    call: 'PATCH /api/groups/:id/challenge-settings',
    target: 'the group',
    needs: ['group'],
    url: inGroup('/challenge-settings'),
    payload: () => ({ membersMayCreateChallenges: true }),
    cells: adminsOnly(ok(200)),
  },
  {
    call: 'GET /api/challenges/running',
    target: 'own running challenges',
    url: () => '/api/challenges/running',
    cells: cells(ok(200)),
  },
  {
    call: 'PUT /api/groups/:id/members/:userId/cheers/:day',
    target: 'another member’s day in the group',
    needs: ['group'],
    url: peerCheer(),
    cells: membersOnly(ok(204)),
  },
  {
    call: 'DELETE /api/groups/:id/members/:userId/cheers/:day',
    target: 'another member’s day the caller did not cheer',
    needs: ['group'],
    url: peerCheer(1),
    cells: membersOnly(ok(204, { unchanged: true, notes: ['nocheer'] })),
  },
  { call: 'GET /api/cheers', target: 'own cheers received', url: () => '/api/cheers', cells: cells(ok(200)) },
  {
    call: 'PUT /api/cheers/settings',
    target: 'own cheer setting',
    url: () => '/api/cheers/settings',
    payload: () => ({ pushOnCheer: true }),
    cells: cells(ok(200)),
  },
  {
    call: 'GET /api/groups/:id/feed',
    target: 'the group',
    url: inGroup('/feed'),
    cells: membersOnly(ok(200)),
  },
];

/** Share pictures (docs/product.md, "Share pictures"): the caller's own, and their groups' challenges. */
export const SHARE_CARD_ROWS: Row[] = [
  {
    call: 'GET /api/share-cards/progress',
    target: 'own entries, goal and streak',
    url: () => ['/api/share-cards/progress', '/api/share-cards/progress?period=week&theme=dark&lang=de'],
    cells: cells(ok(200)),
  },
  {
    call: 'GET /api/share-cards/achievements/:achievementId',
    target: 'an achievement the caller has not earned',
    url: () => '/api/share-cards/achievements/streak-365',
    cells: cells(error(404, 'NOT_FOUND', MESSAGES.resourceNotFound, 'ownpicture')),
  },
  {
    call: 'GET /api/share-cards/groups/:id/challenges/:challengeId',
    target: 'a running challenge of the group',
    url: (s) => `/api/share-cards/groups/${s.group.id}/challenges/${s.group.challengeId}`,
    cells: membersOnly(ok(200)),
  },
];

/**
 * The operators' view of the instance (docs/product.md, "Calls"; decision 038): no column is an
 * operator, so every signed-in caller is refused before the input is looked at. What an operator
 * gets: admin-instance.test.ts.
 */
export const ADMIN_INSTANCE_ROWS: Row[] = [
  {
    call: 'GET /api/admin/groups',
    target: 'every group',
    url: () => ['/api/admin/groups', '/api/admin/groups?q=a&offset=0&limit=5'],
    cells: cells(OPERATORS_ONLY),
  },
  {
    call: 'GET /api/admin/groups/:id/members',
    target: 'the group',
    url: (s) => `/api/admin/groups/${s.group.id}/members`,
    cells: cells(OPERATORS_ONLY),
  },
  {
    call: 'DELETE /api/admin/groups/:id',
    target: 'the group, its name typed',
    needs: ['group'],
    url: (s) => `/api/admin/groups/${s.group.id}`,
    payload: (s) => ({ confirmName: s.group.name }),
    cells: cells(OPERATORS_ONLY),
  },
  {
    call: 'GET /api/admin/tiers',
    target: 'every tier',
    url: () => '/api/admin/tiers',
    cells: cells(OPERATORS_ONLY),
  },
  {
    call: 'POST /api/admin/tiers',
    target: 'a new tier',
    url: () => '/api/admin/tiers',
    payload: (s) => ({ name: `t${s.unique}`, maxGroups: 2, maxMembersPerGroup: 2 }),
    cells: cells(OPERATORS_ONLY),
  },
  {
    call: 'PATCH /api/admin/tiers/:id',
    target: 'the default tier',
    url: () => '/api/admin/tiers/default',
    payload: () => ({ maxGroups: 50 }),
    cells: cells(OPERATORS_ONLY),
  },
  {
    call: 'GET /api/admin/usage',
    target: 'the instance’s usage numbers',
    url: () => '/api/admin/usage',
    cells: cells(OPERATORS_ONLY),
  },
  {
    call: 'GET /api/admin/audit',
    target: 'the audit trail',
    url: () => ['/api/admin/audit', '/api/admin/audit?action=invite&from=2026-01-01'],
    cells: cells(OPERATORS_ONLY),
  },
  {
    call: 'GET /api/admin/audit/export',
    target: 'the audit trail (CSV)',
    url: () => '/api/admin/audit/export',
    cells: cells(OPERATORS_ONLY),
  },
];

/**
 * The operators' calls on invites and users (docs/product.md, "Calls"; docs/security.md,
 * "Operators"): whether the caller is an operator is the one any signed-in caller may ask; every other
 * call refuses them before the input is looked at. What an operator gets, and what a disabled
 * account gets from every call, is admin-users.test.ts.
 */
export const ADMIN_USERS_ROWS: Row[] = [
  {
    call: 'GET /api/admin/access',
    target: 'whether the caller is an operator',
    url: () => '/api/admin/access',
    cells: cells(ok(200, { body: { operator: false } })),
  },
  {
    call: 'GET /api/admin/invites',
    target: 'every platform invite',
    url: () => '/api/admin/invites',
    cells: cells(OPERATORS_ONLY),
  },
  {
    call: 'POST /api/admin/invites',
    target: 'new platform invites',
    url: () => '/api/admin/invites',
    payload: (s) => ({ emails: [`new-${s.unique}@example.com`] }),
    cells: cells(OPERATORS_ONLY),
  },
  {
    call: 'DELETE /api/admin/invites/:email',
    target: 'a platform invite (the peer’s)',
    url: () => `/api/admin/invites/${encodeURIComponent('peer@example.com')}`,
    cells: cells(OPERATORS_ONLY),
  },
  {
    call: 'GET /api/admin/users',
    target: 'every user',
    url: () => ['/api/admin/users', '/api/admin/users?q=a&offset=0&limit=5'],
    cells: cells(OPERATORS_ONLY),
  },
  {
    call: 'PUT /api/admin/users/:uuid/tier',
    target: 'another user',
    needs: ['group'],
    url: (s) => `/api/admin/users/${s.group.peerUuid}/tier`,
    payload: () => ({ maxGroups: 50, maxMembersPerGroup: 50 }),
    cells: cells(OPERATORS_ONLY),
  },
  {
    call: 'POST /api/admin/users/:uuid/disable',
    target: 'another user',
    needs: ['group'],
    url: (s) => `/api/admin/users/${s.group.peerUuid}/disable`,
    cells: cells(OPERATORS_ONLY),
  },
  {
    call: 'POST /api/admin/users/:uuid/enable',
    target: 'another user',
    needs: ['group'],
    url: (s) => `/api/admin/users/${s.group.peerUuid}/enable`,
    cells: cells(OPERATORS_ONLY),
  },
  {
    call: 'DELETE /api/admin/users/:uuid',
    target: 'another user, the username typed',
    needs: ['group'],
    url: (s) => `/api/admin/users/${s.group.peerUuid}`,
    payload: () => ({ confirmUsername: 'peer' }),
    cells: cells(OPERATORS_ONLY),
  },
];

export const MATRIX: Row[] = [
  ...PUBLIC_ROWS,
  ...USER_ROWS,
  ...PUSHUP_ROWS,
  ...HABIT_ROWS,
  ...DATA_ROWS,
  ...REMINDER_ROWS,
  ...PLAN_ROWS,
  ...GROUP_ROWS,
  ...CHALLENGE_ROWS,
  ...SHARE_CARD_ROWS,
  ...ADMIN_INSTANCE_ROWS,
  ...ADMIN_USERS_ROWS,
];
