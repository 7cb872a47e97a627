/**
 * The vocabulary of the authorization matrix of docs/security.md ("## Authorization matrix"): its
 * columns (the kinds of caller), its cells (the answer each gets) and its rows (one API call on one
 * target). The rows themselves are in rows.ts; scene.ts sets up what they are called against.
 */
import { createECDH, randomBytes } from 'node:crypto';
import { type ErrorCode, MESSAGES } from '@pushup/shared';
import type { TestAccount, TestServer } from '../helpers';

/** The columns, in the docs' order. */
export const ACTORS = [
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
export type Actor = (typeof ACTORS)[number];
/** The callers with a profile: their relation to "the group" differs, nothing else. */
export const REGISTERED = ['outsider', 'pending', 'rejected', 'member', 'admin', 'removed'] as const;
export type Registered = (typeof REGISTERED)[number];
export const isRegistered = (actor: Actor): actor is Registered =>
  (REGISTERED as readonly Actor[]).includes(actor);

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One cell: the answer a caller gets. */
export interface Cell {
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
export interface GroupScene {
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
  /**
   * A running race the admin created before anyone else joined the group (so the member column
   * joined the group after its start); the second member and the removed member joined it (the
   * removal took the removed member out of it).
   */
  challengeId: string;
}

/** Another group, of another admin, that none of the columns belongs to. */
export interface OtherScene {
  id: string;
  inviteId: string;
  /** A pending request to it. */
  requestId: string;
  adminUuid: string;
  memberUuid: string;
  rejectedUuid: string;
}

export type Part = 'group' | 'other' | 'ownEntry' | 'ownerEntry' | 'ownDevice' | 'ownerDevice';

/** What one cell's call is made against. */
export interface Scene {
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
  /**
   * Usernames of two users who are none of the columns: one with a public profile showing its
   * totals only, one who never turned theirs on (docs/product.md, "Public profile").
   */
  profiles: { public: string; private: string };
}

export interface Row {
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

export const error = (status: number, code: ErrorCode, message: string, ...notes: string[]): Cell => ({
  status,
  code,
  message,
  ...(notes.length > 0 ? { notes } : {}),
});
export const ok = (status: number, extra: Omit<Cell, 'status'> = {}): Cell => ({ status, ...extra });

// The token check and the invite-only gate (plugins/auth.ts) come before every route but health and docs.
const ANONYMOUS = error(401, 'UNAUTHENTICATED', MESSAGES.serverMissingToken);
const UNINVITED = error(403, 'NOT_INVITED', MESSAGES.serverNotInvited);
const DELETED = error(401, 'UNAUTHENTICATED', MESSAGES.serverInvalidToken, 'gone');

export const ADMINS_ONLY = error(403, 'FORBIDDEN', MESSAGES.serverAdminsOnly, 'admins');
const NOT_MEMBER = error(403, 'FORBIDDEN', MESSAGES.serverNotGroupMember, 'members');
export const ALREADY_MEMBER = error(409, 'ALREADY_MEMBER', MESSAGES.alreadyMember);
/** The operators' calls: no column is an operator (their own tests sign one in). */
export const OPERATORS_ONLY = error(403, 'FORBIDDEN', MESSAGES.adminOperatorsOnly, 'operators');

/** A row's cells: the token check's answers, then `registered` for each registered caller. */
export function cells(registered: Cell | ((actor: Registered) => Cell)): Record<Actor, Cell> {
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
export const everyone = (cell: Cell): Record<Actor, Cell> =>
  Object.fromEntries(ACTORS.map((actor) => [actor, cell])) as Record<Actor, Cell>;
export const adminsOnly = (admin: Cell) => cells((a) => (a === 'admin' ? admin : ADMINS_ONLY));
export const membersOnly = (cell: Cell) =>
  cells((a) => (a === 'admin' || a === 'member' ? cell : NOT_MEMBER));
export const inGroup =
  (path = '') =>
  (s: Scene) =>
    `/api/groups/${s.group.id}${path}`;

/** A browser's push subscription as POST /api/reminders/devices takes it: its own endpoint, real keys. */
export function subscription(unique: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint: `https://push.example.com/send/${unique}`,
    keys: { p256dh: ecdh.getPublicKey('base64url'), auth: randomBytes(16).toString('base64url') },
  };
}

export const methodOf = (row: Row) => row.call.split(' ')[0] as HttpMethod;

/** A cell as the docs write it: status, error code, footnotes. */
export function renderCell(cell: Cell): string {
  return [String(cell.status), cell.code, ...(cell.notes ?? []).map((n) => `[^${n}]`)]
    .filter(Boolean)
    .join(' ');
}
