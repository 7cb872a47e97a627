import type { DehydratedState } from '@tanstack/react-query';
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';

/**
 * What the app keeps on the device in IndexedDB (through idb, the copy Firebase already ships):
 * entries not yet confirmed by the server, the last ID token for the service worker's background
 * sync, and the last responses of the API to show when offline. Everything is stored per Firebase uid.
 */

/** An entry the server has not confirmed yet (docs/product.md, "Offline"). */
export interface OutboxEntry {
  /** Made on the device; the server stores the entry under it, so a repeat is recognised. */
  uuid: string;
  uid: string;
  count: number;
  /** The instant, ISO-8601. */
  date: string;
  /** Its calendar day in the zone it was logged in. */
  day: string;
  /** When it was logged on the device (ms): entries are sent oldest first. */
  createdAt: number;
  /** Bumped by every change on the device: a send settles only the version it sent. */
  version: number;
  /** A send was tried and its outcome is unknown: the server may hold the entry already. */
  maybeSent: boolean;
  /** Deleted on the device; the server is told when the entry may be there. */
  deleted: boolean;
  /** The server refused it: why, until the user fixes or discards it. */
  refusal: { message: string; code: string } | null;
  /**
   * A finished workout of the user's plan (docs/product.md, "Training plans"): sent as the workout,
   * whose total the server logs as this entry (`count` is that total).
   */
  workout?: { session: number; sets: number[] } | undefined;
}

/** The newest ID token of a signed-in user, for the service worker's background sync. */
export interface StoredSession {
  uid: string;
  token: string;
  /** When the token expires (ms). */
  expiresAt: number;
}

/** The API responses last seen by a user, as TanStack Query dehydrated them. */
interface StoredQueries {
  uid: string;
  savedAt: number;
  /** The build that wrote them: another build's responses may have another shape. */
  build: string;
  state: DehydratedState;
}

interface LocalSchema extends DBSchema {
  outbox: { key: string; value: OutboxEntry; indexes: { byUid: string } };
  sessions: { key: string; value: StoredSession };
  queries: { key: string; value: StoredQueries };
}

export type LocalDb = IDBPDatabase<LocalSchema>;

let opening: Promise<LocalDb> | null = null;

/** The one connection of this page or worker (rejects where IndexedDB is not available). */
export function localDb(): Promise<LocalDb> {
  opening ??= openDB<LocalSchema>('pushup-tracker', 1, {
    upgrade(db) {
      db.createObjectStore('outbox', { keyPath: 'uuid' }).createIndex('byUid', 'uid');
      db.createObjectStore('sessions', { keyPath: 'uid' });
      db.createObjectStore('queries', { keyPath: 'uid' });
    },
  }).catch((error: unknown) => {
    opening = null;
    throw error;
  });
  return opening;
}
