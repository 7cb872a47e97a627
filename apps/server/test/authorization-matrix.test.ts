/**
 * The authorization matrix of docs/security.md ("## Authorization matrix"): every API call under
 * /api x every kind of caller, walked cell by cell against the real server, on SQLite and, with
 * TEST_DATABASE_URL, PostgreSQL, with real tokens of the real Auth Emulator.
 *
 * MATRIX below is the table; the docs are checked against it cell by cell, and every route the app
 * registers must have a row, so neither can drift. A write that succeeds runs on fresh state (its own
 * group, entries or account); the refused writes of a registered caller share one fresh scene per row,
 * and reads and the cells the token check refuses share one scene for the run. A write must change
 * the database when it succeeds and must change nothing when refused (every table is compared), so
 * the cells cannot affect each other.
 * More on the group rules: groups-rules.test.ts; the smaller group matrix: groups.test.ts.
 */
import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type ErrorCode, MESSAGES } from '@pushup/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COPY_ORDER } from '../src/db/migrate-to';
import { AdminService } from '../src/services/admin.service';
import { createGroupServices, type GroupServices } from '../src/services/group-services';
import { PushupsService } from '../src/services/pushups.service';
import { groupsHarness, type Person, type Reply } from './groups-helpers';
import {
  adminAuth,
  bearer,
  createTestServer,
  engines,
  registeredAccount,
  signUp,
  type TestAccount,
  type TestServer,
} from './helpers';

const DOC_PATH = fileURLToPath(new URL('../../../docs/security.md', import.meta.url));
const SECTION = '## Authorization matrix';

/** The columns, in the docs' order. */
const ACTORS = [
  'anonymous',
  'uninvited',
  'outsider',
  'pending',
  'rejected',
  'member',
  'admin',
  'removed',
  'deleted',
] as const;
type Actor = (typeof ACTORS)[number];
/** The callers with a profile: their relation to "the group" differs, nothing else. */
const REGISTERED = ['outsider', 'pending', 'rejected', 'member', 'admin', 'removed'] as const;
type Registered = (typeof REGISTERED)[number];
const isRegistered = (actor: Actor): actor is Registered => (REGISTERED as readonly Actor[]).includes(actor);

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One cell: the answer a caller gets. */
interface Cell {
  status: number;
  /** Errors: the body is exactly `{ message, code }`. */
  code?: ErrorCode;
  message?: string;
  /** Successes: fields the answer must have. */
  body?: Record<string, unknown>;
  /** Footnotes of docs/security.md that explain the cell. */
  notes?: string[];
  /** A write that succeeds without changing anything (an invite accepted by a member). */
  unchanged?: boolean;
}

/** "The group" of a scene: one of each role (the admin created it). */
interface GroupScene {
  id: string;
  name: string;
  /** An invite link of the group (unlimited, 30 days), made by the admin. */
  code: string;
  inviteId: string;
  /** The pending user's request. */
  requestId: string;
  /** A second admin (target of a demotion). */
  coAdminUuid: string;
  /** A second member (target of removal and promotion). */
  peerUuid: string;
  rejectedUuid: string;
}

/** Another group, of another admin, that none of the columns belongs to. */
interface OtherScene {
  id: string;
  inviteId: string;
  /** A pending request to it. */
  requestId: string;
  adminUuid: string;
  memberUuid: string;
  rejectedUuid: string;
}

type Part = 'group' | 'other' | 'ownEntry' | 'ownerEntry' | 'ownDevice' | 'ownerDevice';

/** What one cell's call is made against. */
interface Scene {
  actor: Actor;
  caller: TestAccount | null;
  /** Fresh per cell: names, usernames. */
  unique: string;
  group: GroupScene;
  other: OtherScene;
  /** An entry of the caller (anonymous, uninvited: another user's; deleted: their former one). */
  ownEntry: string;
  /** An entry of a user who is none of the columns. */
  ownerEntry: string;
  /** A reminder device of the caller (anonymous, uninvited: another user's; deleted: their former one). */
  ownDevice: string;
  /** A reminder device of a user who is none of the columns. */
  ownerDevice: string;
}

interface Row {
  /** METHOD and path as the app registers it; `/*` stands for the path and everything under it. */
  call: string;
  /** Whose the call's target is (docs column "Target"). */
  target: string;
  /** The parts of a scene the call uses (set up afresh for every write cell of a registered caller). */
  needs?: Part[];
  /** A fresh account in the caller's role for every registered cell (the call deletes it). */
  freshCaller?: true;
  /** One URL, or several that must all answer alike. */
  url: (s: Scene) => string | string[];
  payload?: (s: Scene) => unknown;
  cells: Record<Actor, Cell>;
  /** More to check after the call, on top of the status, body and whether anything changed. */
  check?: (s: Scene, cell: Cell, server: TestServer) => Promise<void>;
}

const error = (status: number, code: ErrorCode, message: string, ...notes: string[]): Cell => ({
  status,
  code,
  message,
  ...(notes.length > 0 ? { notes } : {}),
});
const ok = (status: number, extra: Omit<Cell, 'status'> = {}): Cell => ({ status, ...extra });

// The token check and the invite-only gate (plugins/auth.ts) come before every route but health and docs.
const ANONYMOUS = error(401, 'UNAUTHENTICATED', MESSAGES.serverMissingToken);
const UNINVITED = error(403, 'NOT_INVITED', MESSAGES.serverNotInvited);
const DELETED = error(401, 'UNAUTHENTICATED', MESSAGES.serverInvalidToken, 'gone');

const ADMINS_ONLY = error(403, 'FORBIDDEN', MESSAGES.serverAdminsOnly, 'admins');
const NOT_MEMBER = error(403, 'FORBIDDEN', MESSAGES.serverNotGroupMember, 'members');
const ALREADY_MEMBER = error(409, 'ALREADY_MEMBER', MESSAGES.alreadyMember);

/** A row's cells: the token check's answers, then `registered` for each registered caller. */
function cells(registered: Cell | ((actor: Registered) => Cell)): Record<Actor, Cell> {
  const of = (actor: Registered) => (typeof registered === 'function' ? registered(actor) : registered);
  return {
    anonymous: ANONYMOUS,
    uninvited: UNINVITED,
    outsider: of('outsider'),
    pending: of('pending'),
    rejected: of('rejected'),
    member: of('member'),
    admin: of('admin'),
    removed: of('removed'),
    deleted: DELETED,
  };
}
const everyone = (cell: Cell): Record<Actor, Cell> =>
  Object.fromEntries(ACTORS.map((actor) => [actor, cell])) as Record<Actor, Cell>;
const adminsOnly = (admin: Cell) => cells((a) => (a === 'admin' ? admin : ADMINS_ONLY));
const membersOnly = (cell: Cell) => cells((a) => (a === 'admin' || a === 'member' ? cell : NOT_MEMBER));
const inGroup =
  (path = '') =>
  (s: Scene) =>
    `/api/groups/${s.group.id}${path}`;
let goalCounter = 0;

/** A browser's push subscription as POST /api/reminders/devices takes it: its own endpoint, real keys. */
function subscription(unique: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint: `https://push.example.com/send/${unique}`,
    keys: { p256dh: ecdh.getPublicKey('base64url'), auth: randomBytes(16).toString('base64url') },
  };
}

const MATRIX: Row[] = [
  // Public
  {
    call: 'GET /api/health',
    target: 'none (public)',
    url: () => '/api/health',
    cells: everyone(ok(200, { body: { status: 'ok', database: 'ok' } })),
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

  // Users
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

  // Push-ups
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

  // Streaks, records, achievements and settings (docs/product.md, "Streaks" to "Achievements")
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

  // Your data (docs/product.md, "Export", "Import"): the caller's own, whoever they are
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

  // Reminders (docs/product.md, "Reminders"). The test send comes before the rows that register
  // devices: until then no column has a device.
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

  // Groups: the caller's own lists and any group's public face
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

  // Groups: joining
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

  // Groups: members only
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
    call: 'DELETE /api/groups/:id/members',
    target: 'own membership of the group (leave)',
    needs: ['group'],
    url: inGroup('/members'),
    cells: membersOnly(ok(204)),
  },

  // Groups: admins only, on the group's own people and things
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

  // Groups: an admin of the group reaching into another group through the group's paths
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

const methodOf = (row: Row) => row.call.split(' ')[0] as HttpMethod;

/** A cell as the docs write it: status, error code, footnotes. */
function renderCell(cell: Cell): string {
  return [String(cell.status), cell.code, ...(cell.notes ?? []).map((n) => `[^${n}]`)]
    .filter(Boolean)
    .join(' ');
}

const HEADER = ['Call', 'Target', ...ACTORS];
const renderRow = (row: Row) => [
  `\`${row.call}\``,
  row.target,
  ...ACTORS.map((a) => renderCell(row.cells[a])),
];

/** The table as markdown (what a failing docs check prints, to paste into docs/security.md). */
function renderTable(): string {
  const line = (cols: string[]) => `| ${cols.join(' | ')} |`;
  return [line(HEADER), line(HEADER.map(() => '---')), ...MATRIX.map((row) => line(renderRow(row)))].join(
    '\n',
  );
}

/** The markdown table under SECTION in docs/security.md, cell texts trimmed, separator dropped. */
function docsTable(text: string): { table: string[][]; section: string } {
  const lines = text.split('\n');
  const start = lines.findIndex((line) => line.trim() === SECTION);
  if (start < 0) throw new Error(`docs/security.md has no "${SECTION}" section`);
  const next = lines.findIndex((line, i) => i > start && /^##? /.test(line));
  const section = lines.slice(start, next < 0 ? undefined : next);
  const first = section.findIndex((line) => line.startsWith('|'));
  const table: string[][] = [];
  for (let i = first; i >= 0 && i < section.length && section[i]?.startsWith('|'); i++) {
    const cols = (section[i] as string).trim().slice(1, -1).split('|');
    table.push(cols.map((col) => col.trim()));
  }
  return { table: table.filter((_, i) => i !== 1), section: section.join('\n') };
}

/** Every `METHOD path` the app serves under /api, from its route tree (hidden routes too). */
function appRoutes(app: FastifyInstance): string[] {
  const stack: string[] = [];
  const routes = new Set<string>();
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:[│ ] {3})*)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] as string).length / 4;
    stack.length = depth;
    stack.push(match[2] as string);
    const path = stack.join('');
    for (const method of match[3]?.split(', ') ?? []) routes.add(`${method} ${path}`);
  }
  // Fastify answers HEAD for every GET route by itself.
  return [...routes]
    .filter((route) => route.split(' ')[1]?.startsWith('/api'))
    .filter((route) => !(route.startsWith('HEAD ') && routes.has(route.replace(/^HEAD /, 'GET '))))
    .sort();
}

/** Whether a row's call stands for this route (`/*`: the path and everything under it). */
function covers(call: string, route: string): boolean {
  if (call === route) return true;
  if (!call.endsWith('/*')) return false;
  const prefix = call.slice(0, -2);
  return route === prefix || route.startsWith(`${prefix}/`);
}

describe('docs/security.md', () => {
  const text = fs.readFileSync(DOC_PATH, 'utf8');
  const { table, section } = docsTable(text);

  it('holds the matrix of this test, cell by cell', () => {
    const paste = `\nThe table of this test, to paste:\n${renderTable()}\n`;
    expect(table[0], `header${paste}`).toEqual(HEADER);
    const rows = table.slice(1).map((cols) => [(cols[0] ?? '').replace(/`/g, ''), ...cols.slice(1)]);
    const expected = MATRIX.map((row) => [row.call, ...renderRow(row).slice(1)]);
    const label = (cols: string[] | undefined) => (cols ? `${cols[0]} (${cols[1]})` : 'no row');
    const mismatches: string[] = [];
    for (let r = 0; r < Math.max(rows.length, expected.length); r++) {
      const doc = rows[r];
      const code = expected[r];
      if (!doc || !code) {
        mismatches.push(`row ${r + 1}: docs ${label(doc)}, test ${label(code)}`);
        continue;
      }
      HEADER.forEach((column, c) => {
        if (doc[c] !== code[c]) {
          mismatches.push(`${label(code)}, ${column}: docs "${doc[c]}", test "${code[c]}"`);
        }
      });
    }
    expect(mismatches, paste).toEqual([]);
  });

  it('explains every footnote and every error message the table uses', () => {
    const used = new Set(
      table.flat().flatMap((col) => [...col.matchAll(/\[\^([\w-]+)\]/g)].map((m) => m[1])),
    );
    const defined = new Set([...section.matchAll(/^\[\^([\w-]+)\]:/gm)].map((m) => m[1]));
    expect([...used].sort()).toEqual([...defined].sort());
    const messages = new Set(
      MATRIX.flatMap((row) => ACTORS.map((a) => row.cells[a].message)).filter(
        (m): m is string => m !== undefined,
      ),
    );
    for (const message of messages) expect(section, 'each error message, word for word').toContain(message);
  });
});

const TABLES = COPY_ORDER;

describe.each(engines)('authorization matrix on %s', (engine) => {
  let server: TestServer;
  const h = groupsHarness(() => server);
  let groups: GroupServices;
  let pushups: PushupsService;

  /** The columns' registered users, and the users the targets belong to. */
  type Cast = Record<Registered | 'coAdmin' | 'peer' | 'owner' | 'stranger' | 'asker' | 'refused', Person>;
  let cast: Cast;
  /** One spare account per role, for the cells that delete the caller's account. */
  let spares: Record<Registered, Person>;
  let uninvited: TestAccount;
  let deleted: { account: TestAccount; formerEntry: string; formerDevice: string };
  let shared: Pick<Scene, 'group' | 'other' | 'ownerEntry' | 'ownerDevice'>;
  let walked = 0;

  function send(
    caller: TestAccount | null,
    method: HttpMethod,
    url: string,
    payload?: unknown,
  ): Promise<Reply> {
    return server.app.inject({
      method,
      url,
      headers: { ...(caller ? bearer(caller) : {}), 'x-timezone': 'UTC' },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  }

  const as = (person: Person) => h.authFor(person);

  /** "The group": the admin created it; one user in each role, a second admin and a second member. */
  async function buildGroup(people: Cast): Promise<GroupScene> {
    const name = `Matrix ${randomUUID().slice(0, 8)}`;
    const created = await groups.groups.create(as(people.admin), { name });
    const invite = await groups.inviteLinks.createInvite(as(people.admin), created.id, {
      maxUses: null,
      expiresInDays: 30,
    });
    await groups.inviteLinks.acceptInvite(as(people.coAdmin), invite.code);
    await groups.memberships.addAdmin(as(people.admin), created.id, people.coAdmin.uuid);
    await groups.inviteLinks.acceptInvite(as(people.peer), invite.code);
    const asked = await groups.joinRequests.requestJoin(as(people.member), created.id);
    await groups.joinRequests.decideRequest(as(people.admin), asked.requestId, true);
    await groups.inviteLinks.acceptInvite(as(people.removed), invite.code);
    await groups.memberships.removeMember(as(people.admin), created.id, people.removed.uuid);
    const pending = await groups.joinRequests.requestJoin(as(people.pending), created.id);
    const rejected = await groups.joinRequests.requestJoin(as(people.rejected), created.id);
    await groups.joinRequests.decideRequest(as(people.admin), rejected.requestId, false);
    return {
      id: created.id,
      name,
      code: invite.code,
      inviteId: invite.inviteId,
      requestId: pending.requestId,
      coAdminUuid: people.coAdmin.uuid,
      peerUuid: people.peer.uuid,
      rejectedUuid: people.rejected.uuid,
    };
  }

  /** Another group: the owner its admin, a member, a pending and a rejected request, an invite link. */
  async function buildOther(): Promise<OtherScene> {
    const created = await groups.groups.create(as(cast.owner), { name: `Other ${randomUUID().slice(0, 8)}` });
    const invite = await groups.inviteLinks.createInvite(as(cast.owner), created.id, {
      maxUses: null,
      expiresInDays: 30,
    });
    await groups.inviteLinks.acceptInvite(as(cast.stranger), invite.code);
    const pending = await groups.joinRequests.requestJoin(as(cast.asker), created.id);
    const rejected = await groups.joinRequests.requestJoin(as(cast.refused), created.id);
    await groups.joinRequests.decideRequest(as(cast.owner), rejected.requestId, false);
    return {
      id: created.id,
      inviteId: invite.inviteId,
      requestId: pending.requestId,
      adminUuid: cast.owner.uuid,
      memberUuid: cast.stranger.uuid,
      rejectedUuid: cast.refused.uuid,
    };
  }

  async function entryOf(person: Person): Promise<string> {
    return (await pushups.create(as(person), { count: 5 })).uuid;
  }

  /** A reminder device of the person, registered through the API. */
  async function deviceOf(person: Person): Promise<string> {
    const response = await send(
      person.account,
      'POST',
      '/api/reminders/devices',
      subscription(randomUUID().slice(0, 8)),
    );
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ deviceId: string }>().deviceId;
  }

  function callerOf(actor: Actor, people: Cast): TestAccount | null {
    if (actor === 'anonymous') return null;
    if (actor === 'uninvited') return uninvited;
    if (actor === 'deleted') return deleted.account;
    return people[actor].account;
  }

  /** The shared scene: for reads, and for the cells the token check refuses (they change nothing). */
  function sharedScene(actor: Actor): Scene {
    const ownEntry = actor === 'deleted' ? deleted.formerEntry : shared.ownerEntry;
    const ownDevice = actor === 'deleted' ? deleted.formerDevice : shared.ownerDevice;
    return {
      ...shared,
      ownEntry,
      ownDevice,
      actor,
      caller: callerOf(actor, cast),
      unique: randomUUID().slice(0, 8),
    };
  }

  /** The groups and the other user's entry a row needs, made afresh. */
  async function buildParts(row: Row, people: Cast): Promise<Partial<Pick<Scene, Part>>> {
    const needs = new Set(row.needs ?? []);
    return {
      ...(needs.has('group') ? { group: await buildGroup(people) } : {}),
      ...(needs.has('other') ? { other: await buildOther() } : {}),
      ...(needs.has('ownerEntry') ? { ownerEntry: await entryOf(cast.owner) } : {}),
      ...(needs.has('ownerDevice') ? { ownerDevice: await deviceOf(cast.owner) } : {}),
    };
  }

  /** Per row: the parts its writes that must change nothing share (each is checked to change nothing). */
  const rowParts = new Map<Row, Promise<Partial<Pick<Scene, Part>>>>();

  /**
   * A fresh scene with only the parts the row needs; touching any other part is a mistake in the
   * row. A write that succeeds gets its own; the writes of a row that must change nothing share one.
   */
  async function freshScene(row: Row, actor: Registered): Promise<Scene> {
    const people: Cast = row.freshCaller ? { ...cast, [actor]: spares[actor] } : cast;
    const cell = row.cells[actor];
    const unchanging = (cell.status >= 400 || cell.unchanged === true) && !row.freshCaller;
    if (unchanging && !rowParts.has(row)) rowParts.set(row, buildParts(row, people));
    const parts: Partial<Pick<Scene, Part>> = {
      ...(unchanging ? await rowParts.get(row) : await buildParts(row, people)),
      ...(row.needs?.includes('ownEntry') ? { ownEntry: await entryOf(people[actor]) } : {}),
      ...(row.needs?.includes('ownDevice') ? { ownDevice: await deviceOf(people[actor]) } : {}),
    };
    const scene = { actor, caller: callerOf(actor, people), unique: randomUUID().slice(0, 8) } as Scene;
    for (const part of ['group', 'other', 'ownEntry', 'ownerEntry', 'ownDevice', 'ownerDevice'] as const) {
      Object.defineProperty(scene, part, {
        enumerable: true,
        get() {
          const value = parts[part];
          if (value === undefined)
            throw new Error(`${row.call} (${row.target}) uses "${part}": add it to needs`);
          return value;
        },
      });
    }
    return scene;
  }

  /** Every row of every table, as text. */
  async function snapshot(): Promise<Set<string>> {
    const db = h.db();
    const tables = await Promise.all(
      TABLES.map(async (table) =>
        (
          await db
            .selectFrom(table as 'users')
            .selectAll()
            .execute()
        ).map((row) => `${table} ${JSON.stringify(row)}`),
      ),
    );
    return new Set(tables.flat());
  }

  function changes(before: Set<string>, after: Set<string>): string[] {
    return [
      ...[...before].filter((row) => !after.has(row)).map((row) => `- ${row}`),
      ...[...after].filter((row) => !before.has(row)).map((row) => `+ ${row}`),
    ];
  }

  beforeAll(async () => {
    server = await createTestServer(engine);
    groups = createGroupServices(server.repos);
    pushups = new PushupsService(server.repos, { maxPushupsPerDay: server.config.maxPushupsPerDay });

    // Every emulator account at once; the tier (large enough for a group per cell) one after another,
    // as the first assignment creates the tier and the others find it.
    const roles = [...REGISTERED, 'coAdmin', 'peer', 'owner', 'stranger', 'asker', 'refused'] as const;
    const [people, spare, gone, outsiderOfAll] = await Promise.all([
      Promise.all(roles.map(() => registeredAccount(server))),
      Promise.all(REGISTERED.map(() => registeredAccount(server))),
      registeredAccount(server),
      signUp(),
    ]);
    const admin = new AdminService(server.repos);
    const persons = [...people, ...spare].map(({ account, profile }) => ({
      account,
      profile,
      uuid: profile.uuid,
      username: profile.username,
    }));
    for (const person of persons) {
      expect(await admin.setTier({ kind: 'operator' }, person.account.email, 1000, 20)).toMatchObject({
        target: 'user',
      });
    }
    cast = Object.fromEntries(roles.map((role, i) => [role, persons[i]])) as Cast;
    spares = Object.fromEntries(
      REGISTERED.map((role, i) => [role, persons[roles.length + i]]),
    ) as typeof spares;
    uninvited = outsiderOfAll;

    // The outsider is an admin too, of a group of their own: admin rights do not carry over.
    await groups.groups.create(as(cast.outsider), { name: `Own ${randomUUID().slice(0, 8)}` });

    // The deleted user: had a profile, an entry and a group, then deleted the account.
    const goneUser = { ...gone, uuid: gone.profile.uuid, username: gone.profile.username };
    const formerEntry = await entryOf(goneUser);
    const formerDevice = await deviceOf(goneUser);
    await groups.groups.create(as(goneUser), { name: `Gone ${randomUUID().slice(0, 8)}` });
    const deletion = await send(gone.account, 'DELETE', '/api/users/me');
    expect(deletion.statusCode, deletion.body).toBe(204);
    deleted = { account: gone.account, formerEntry, formerDevice };

    shared = {
      group: await buildGroup(cast),
      other: await buildOther(),
      ownerEntry: await entryOf(cast.owner),
      ownerDevice: await deviceOf(cast.owner),
    };
  });

  afterAll(async () => {
    await server?.close();
  });

  it('sets every column up as named', async () => {
    const { users, invites } = server.repos;
    // uninvited: a valid token, no invite, no profile; deleted: neither profile nor identity account.
    expect(await invites.find(uninvited.email.toLowerCase())).toBeUndefined();
    expect(await users.findByFirebaseUid(uninvited.uid)).toBeUndefined();
    await expect(adminAuth().getUser(uninvited.uid)).resolves.toMatchObject({ uid: uninvited.uid });
    expect(await users.findByFirebaseUid(deleted.account.uid)).toBeUndefined();
    await expect(adminAuth().getUser(deleted.account.uid)).rejects.toMatchObject({
      code: 'auth/user-not-found',
    });
    // The outsider is the admin of a group of their own.
    expect(await h.myGroups(cast.outsider)).toEqual([expect.objectContaining({ role: 'admin' })]);

    const g = shared.group;
    expect(await h.memberRows(g.id)).toEqual(
      [
        `${cast.admin.uuid}:admin`,
        `${cast.coAdmin.uuid}:admin`,
        `${cast.peer.uuid}:member`,
        `${cast.member.uuid}:member`,
      ].sort(),
    );
    expect(await h.requestRows(g.id)).toEqual(
      [
        `${cast.member.uuid}:accepted`,
        `${cast.pending.uuid}:pending`,
        `${cast.rejected.uuid}:rejected`,
      ].sort(),
    );
    const o = shared.other;
    expect(await h.memberRows(o.id)).toEqual(
      [`${cast.owner.uuid}:admin`, `${cast.stranger.uuid}:member`].sort(),
    );
    expect(await h.requestRows(o.id)).toEqual(
      [`${cast.asker.uuid}:pending`, `${cast.refused.uuid}:rejected`].sort(),
    );
  });

  for (const row of MATRIX) {
    describe(`${row.call} (${row.target})`, () => {
      for (const actor of ACTORS) {
        const cell = row.cells[actor];
        it(`${actor}: ${renderCell(cell)}`, async () => {
          const method = methodOf(row);
          const write = method !== 'GET';
          const scene = write && isRegistered(actor) ? await freshScene(row, actor) : sharedScene(actor);
          const before = write ? await snapshot() : undefined;
          const urls = [row.url(scene)].flat();
          for (const url of urls) {
            const response = await send(scene.caller, method, url, row.payload?.(scene));
            expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(cell.status);
            if (cell.code) expect(response.json()).toEqual({ message: cell.message, code: cell.code });
            else if (cell.status === 204) expect(response.body).toBe('');
            else if (cell.body) expect(response.json()).toMatchObject(cell.body);
            // No answer shows another user's entry.
            expect(response.body).not.toContain(shared.ownerEntry);
            expect(response.body).not.toContain(shared.ownerDevice);
          }
          if (before) {
            const changed = changes(before, await snapshot());
            if (cell.status >= 400 || cell.unchanged)
              expect(changed, 'a refused write changes nothing').toEqual([]);
            else expect(changed.length, 'a write that succeeds changes something').toBeGreaterThan(0);
          }
          await row.check?.(scene, cell, server);
          walked++;
        });
      }
    });
  }

  it('walked every cell', () => {
    const cellCount = MATRIX.length * ACTORS.length;
    console.log(
      `authorization matrix on ${engine}: ${MATRIX.length} rows x ${ACTORS.length} columns = ${cellCount} cells, ${walked} walked`,
    );
    expect(walked).toBe(cellCount);
  });

  it('has a row for every route the app registers under /api, and no row for a route it lacks', async () => {
    const routes = appRoutes(server.app);
    const doc = await send(null, 'GET', '/api/docs/json');
    const openapi = Object.entries(
      doc.json<{ paths: Record<string, Record<string, unknown>> }>().paths,
    ).flatMap(([path, methods]) =>
      Object.keys(methods).map((m) => `${m.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    // Both lists are read correctly: the OpenAPI document lists the documented routes, the tree all.
    expect(routes).toEqual(expect.arrayContaining(openapi));
    expect(openapi.length).toBeGreaterThan(30);
    const calls = [...new Set(MATRIX.map((row) => row.call))];
    expect(
      routes.filter((route) => !calls.some((call) => covers(call, route))),
      'routes without a row',
    ).toEqual([]);
    expect(
      calls.filter((call) => !routes.some((route) => covers(call, route))),
      'rows without a route',
    ).toEqual([]);
  });

  it('answers HEAD like GET on every GET row', async () => {
    for (const row of MATRIX.filter((r) => methodOf(r) === 'GET')) {
      for (const actor of ACTORS) {
        const scene = sharedScene(actor);
        const url = [row.url(scene)].flat()[0] as string;
        const head = await server.app.inject({
          method: 'HEAD',
          url,
          headers: scene.caller ? bearer(scene.caller) : {},
        });
        expect(head.statusCode, `HEAD ${url} as ${actor}`).toBe(row.cells[actor].status);
        expect(head.body).toBe('');
      }
    }
  });
});
