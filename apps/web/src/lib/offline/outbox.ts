import { type PushupEntry, plansCalls, pushupsCalls } from '@pushup/shared';
import { type ApiError, callApi, isApiError } from '@/lib/api-client';
import { localDb, type OutboxEntry } from './local-db';

/**
 * The outbox: every entry logged on this device waits here until the server has confirmed it
 * (docs/product.md, "Offline"). It is sent oldest first; each entry carries the uuid made on the
 * device, so a repeat (a response lost after the commit, two tabs, the service worker) is one entry
 * on the server. Pages and the service worker share it through IndexedDB and hear of its changes
 * on one BroadcastChannel.
 */

/** The Background Sync tag under which the service worker sends the outbox. */
export const OUTBOX_SYNC_TAG = 'pushup-outbox';

export type OutboxMessage = { type: 'changed'; uid: string } | { type: 'synced'; uid: string };

const listeners = new Set<(message: OutboxMessage) => void>();
const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('pushup-outbox');
channel?.addEventListener('message', (event: MessageEvent<OutboxMessage>) => {
  for (const listener of listeners) listener(event.data);
});

/** Hears every change of the outbox, made here, in another tab or in the service worker. */
export function subscribeOutbox(listener: (message: OutboxMessage) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function announce(message: OutboxMessage): void {
  for (const listener of listeners) listener(message);
  channel?.postMessage(message);
}

/** The user's entries on this device, oldest first (deleted ones included, as the sync needs them). */
export async function listOutbox(uid: string): Promise<OutboxEntry[]> {
  const db = await localDb();
  const entries = await db.getAllFromIndex('outbox', 'byUid', uid);
  return entries.sort((a, b) => a.createdAt - b.createdAt || (a.uuid < b.uuid ? -1 : 1));
}

export interface NewEntry {
  count: number;
  date: string;
  day: string;
  /** A plan's workout: its sets, whose sum is `count`. */
  workout?: { session: number; sets: number[] };
}

/** When the last entry was logged here: the next is later, so two in one millisecond keep their order. */
let lastCreatedAt = 0;

/** Keeps a new entry on the device, with its id, before anything is sent. */
export async function addToOutbox(uid: string, fields: NewEntry): Promise<OutboxEntry> {
  const entry: OutboxEntry = {
    uuid: crypto.randomUUID(),
    uid,
    ...fields,
    createdAt: Math.max(Date.now(), lastCreatedAt + 1),
    version: 1,
    maybeSent: false,
    deleted: false,
    refusal: null,
  };
  lastCreatedAt = entry.createdAt;
  const db = await localDb();
  await db.put('outbox', entry);
  announce({ type: 'changed', uid });
  return entry;
}

/**
 * Changes one entry in a single IndexedDB transaction: `change` returns the new entry, null to
 * delete it, or undefined to leave it. Returns the entry as it was, as it is now, and whether it changed.
 */
async function changeEntry(
  uuid: string,
  change: (entry: OutboxEntry) => OutboxEntry | null | undefined,
): Promise<{ before: OutboxEntry | undefined; after: OutboxEntry | undefined; changed: boolean }> {
  const db = await localDb();
  const tx = db.transaction('outbox', 'readwrite');
  const before = await tx.store.get(uuid);
  const next = before && change(before);
  if (next === null) await tx.store.delete(uuid);
  else if (next) await tx.store.put(next);
  await tx.done;
  return { before, after: next === null ? undefined : (next ?? before), changed: next !== undefined };
}

/** Changes a waiting (or refused) entry of the user; a fixed refusal waits to be sent again. */
export async function editOutboxEntry(
  uid: string,
  uuid: string,
  fields: Partial<NewEntry>,
): Promise<boolean> {
  const { changed } = await changeEntry(uuid, (entry) =>
    entry.uid === uid && !entry.deleted
      ? { ...entry, ...fields, version: entry.version + 1, refusal: null }
      : undefined,
  );
  if (changed) announce({ type: 'changed', uid });
  return changed;
}

/**
 * Removes an entry of the device. One the server may already hold stays as a deletion to send;
 * one never sent is simply gone.
 */
export async function removeFromOutbox(uid: string, uuid: string): Promise<boolean> {
  const { changed } = await changeEntry(uuid, (entry) => {
    if (entry.uid !== uid || entry.deleted) return undefined;
    return entry.maybeSent ? { ...entry, deleted: true, version: entry.version + 1, refusal: null } : null;
  });
  if (changed) announce({ type: 'changed', uid });
  return changed;
}

export type SendOutcome =
  | { kind: 'sent'; entry: PushupEntry | null }
  | { kind: 'refused'; error: ApiError }
  /** Not now (no network, the server busy or the session to renew): the entry waits. */
  | { kind: 'later'; error: unknown };

/** A refusal the user has to act on: sending the same again would be refused again. */
function isRefusal(error: unknown): error is ApiError {
  if (!isApiError(error)) return false;
  if (error.status === 401 || error.status === 403 || error.status === 429) return false;
  return error.status >= 400 && error.status < 500;
}

/**
 * A workout goes as POST /api/workouts with the entry's uuid as its id: the server logs its total as
 * this entry and moves the plan on, once (the same body again answers as the first time). A count
 * changed on the device since is then sent as the entry's change.
 */
async function sendWorkout(entry: OutboxEntry, workout: { session: number; sets: number[] }) {
  const body = { id: entry.uuid, session: workout.session, sets: workout.sets, date: entry.date };
  const { entry: logged } = await callApi(plansCalls.finishWorkout, { body });
  if (logged.count === entry.count) return logged;
  return callApi(pushupsCalls.update, {
    params: { uuid: entry.uuid },
    body: { count: entry.count, date: entry.date },
  });
}

async function send(entry: OutboxEntry): Promise<SendOutcome> {
  const params = { uuid: entry.uuid };
  try {
    if (entry.deleted) {
      try {
        await callApi(pushupsCalls.remove, { params });
      } catch (error) {
        // Never arrived, or deleted already: either way it is not there.
        if (!isApiError(error) || error.status !== 404) throw error;
      }
      return { kind: 'sent', entry: null };
    }
    const body = { count: entry.count, date: entry.date };
    try {
      if (entry.workout) return { kind: 'sent', entry: await sendWorkout(entry, entry.workout) };
      return {
        kind: 'sent',
        entry: await callApi(pushupsCalls.log, { body: { uuid: entry.uuid, ...body } }),
      };
    } catch (error) {
      // An earlier version arrived (its response was lost); this one was changed on the device since.
      if (!isApiError(error) || error.code !== 'ENTRY_CONFLICT') throw error;
      return { kind: 'sent', entry: await callApi(pushupsCalls.update, { params, body }) };
    }
  } catch (error) {
    return isRefusal(error) ? { kind: 'refused', error } : { kind: 'later', error };
  }
}

/** Runs `work` while no other tab or the service worker sends this user's outbox. */
function exclusively<T>(uid: string, work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? (locks.request(`pushup-outbox:${uid}`, work) as Promise<T>) : work();
}

/**
 * Sends the user's waiting entries, oldest first, and stops at the first that cannot go now.
 * Returns what became of each entry it tried. An entry changed on the device while it was on its
 * way stays to be sent again; a refused one keeps the server's reason until fixed or discarded.
 */
export function flushOutbox(uid: string): Promise<Map<string, SendOutcome>> {
  return exclusively(uid, async () => {
    const outcomes = new Map<string, SendOutcome>();
    for (const { uuid } of await listOutbox(uid)) {
      // Marked before it leaves: from now on the server may hold it.
      const { before, after: sending } = await changeEntry(uuid, (entry) =>
        entry.refusal ? undefined : { ...entry, maybeSent: true },
      );
      if (!before || !sending || sending.refusal) continue;
      const outcome = await send(sending);
      outcomes.set(uuid, outcome);
      await changeEntry(uuid, (entry) => {
        const unchanged = entry.version === sending.version;
        if (outcome.kind === 'sent') return unchanged ? null : undefined;
        if (outcome.kind === 'later') return undefined;
        // This send is known not to have arrived; an earlier one of unknown outcome still may have.
        const { error } = outcome;
        const refusal = { message: error.serverMessage ?? error.message, code: error.code };
        return { ...entry, maybeSent: before.maybeSent, refusal: unchanged ? refusal : entry.refusal };
      });
      if (outcome.kind === 'later') break;
    }
    if (outcomes.size > 0) announce({ type: 'synced', uid });
    return outcomes;
  });
}

/** Whether any of the outcomes leaves entries waiting (to try again later). */
export function hasWaiting(outcomes: Map<string, SendOutcome>): boolean {
  return [...outcomes.values()].some((outcome) => outcome.kind === 'later');
}
