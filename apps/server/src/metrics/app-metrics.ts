import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

const ENTRY_SOURCES = ['log', 'workout'] as const;
const CONFLICT_REASONS = ['changed', 'id_in_use'] as const;
const PUSH_KINDS = ['reminder', 'group'] as const;
const PUSH_OUTCOMES = ['delivered', 'failed', 'gone'] as const;
const DEVICE_REMOVALS = ['gone', 'by_user', 'over_limit'] as const;

/** Where a new entry came from: POST /api/pushups, or a finished workout of a training plan. */
type EntrySource = (typeof ENTRY_SOURCES)[number];
/** Why an entry's id was refused (409 ENTRY_CONFLICT, docs/product.md, "Logging an entry once"). */
export type ConflictReason = (typeof CONFLICT_REASONS)[number];
/** Which pushes: the daily reminder (and its test send), or a group's (challenges, cheers). */
export type PushKind = (typeof PUSH_KINDS)[number];
/** What a push service answered: taken, refused or unreachable, or "no such subscription". */
type PushOutcome = (typeof PUSH_OUTCOMES)[number];
/** Why a push device was forgotten. */
type DeviceRemoval = (typeof DEVICE_REMOVALS)[number];

/** A read cache's hits and misses (reads/, docs/ARCHITECTURE.md, "Read caches"). */
export interface CacheCounter {
  hit(count?: number): void;
  miss(count?: number): void;
}

/** The counter of a cache whose reads nobody counts (a cache built outside an app, in a unit test). */
export const UNCOUNTED: CacheCounter = { hit: () => undefined, miss: () => undefined };

/** What the database gauges read when scraped: the pool (PostgreSQL) and the transactions under way. */
interface DatabaseUse {
  /** PostgreSQL's pool; undefined on SQLite, which has one writer and one reader connection. */
  pool?: () => { total: number; idle: number; waiting: number };
  /** Transactions started and not yet settled: on SQLite, those waiting for the writer and its COMMIT. */
  transactionsInFlight: () => number;
}

/** Latency buckets of the API, in seconds: most calls answer in a few ms, an import in seconds. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The metrics of one app (docs/operations.md, "Metrics"): one registry per buildApp, so that several
 * apps in one process (the tests, two "processes" on one database) each count their own. Every
 * event is counted by one method here, called at the one place the event happens.
 */
export class AppMetrics {
  readonly registry = new Registry();
  private readonly requests: Counter<'method' | 'route' | 'status'>;
  private readonly latency: Histogram<'method' | 'route' | 'status'>;
  private readonly cacheHits: Counter<'cache'>;
  private readonly cacheMisses: Counter<'cache'>;
  private readonly entries: Counter<'source'>;
  private readonly repeats: Counter<'source'>;
  private readonly conflicts: Counter<'source' | 'reason'>;
  private readonly imports: Counter;
  private readonly importedEntries: Counter;
  private readonly pushes: Counter<'kind' | 'outcome'>;
  private readonly devicesRemoved: Counter<'reason'>;
  private readonly reminderTicks: Counter<'outcome'>;
  private readonly reminderTickDone: Gauge;

  constructor(database?: DatabaseUse) {
    const registers = [this.registry];
    this.requests = new Counter({
      name: 'pushup_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status',
      labelNames: ['method', 'route', 'status'],
      registers,
    });
    this.latency = new Histogram({
      name: 'pushup_http_request_duration_seconds',
      help: 'Time from a request arriving to its answer being sent, by method, route pattern and status',
      labelNames: ['method', 'route', 'status'],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.cacheHits = new Counter({
      name: 'pushup_cache_hits_total',
      help: 'Reads answered from a read cache of this process, by cache',
      labelNames: ['cache'],
      registers,
    });
    this.cacheMisses = new Counter({
      name: 'pushup_cache_misses_total',
      help: 'Reads a read cache could not answer (computed from the database), by cache',
      labelNames: ['cache'],
      registers,
    });
    this.entries = new Counter({
      name: 'pushup_entries_logged_total',
      help: 'New push-up entries committed, by source (log, workout)',
      labelNames: ['source'],
      registers,
    });
    this.repeats = new Counter({
      name: 'pushup_entry_repeats_total',
      help: 'Entries sent again with an id already logged, answered as the first time (offline sync retries)',
      labelNames: ['source'],
      registers,
    });
    this.conflicts = new Counter({
      name: 'pushup_entry_conflicts_total',
      help: 'Entries refused with 409 ENTRY_CONFLICT (an offline sync conflict), by source and reason',
      labelNames: ['source', 'reason'],
      registers,
    });
    this.imports = new Counter({
      name: 'pushup_imports_total',
      help: 'CSV imports committed',
      registers,
    });
    this.importedEntries = new Counter({
      name: 'pushup_imported_entries_total',
      help: 'Entries added by committed CSV imports',
      registers,
    });
    this.pushes = new Counter({
      name: 'pushup_pushes_total',
      help: 'Web pushes sent to devices, by kind (reminder, group) and outcome (delivered, failed, gone)',
      labelNames: ['kind', 'outcome'],
      registers,
    });
    this.devicesRemoved = new Counter({
      name: 'pushup_push_devices_removed_total',
      help: 'Push devices forgotten, by reason (gone: the push service no longer knows it; by_user; over_limit)',
      labelNames: ['reason'],
      registers,
    });
    this.reminderTicks = new Counter({
      name: 'pushup_reminder_ticks_total',
      help: 'Runs of the reminder loop (REMINDER_INTERVAL_SECONDS), by outcome (ok, failed)',
      labelNames: ['outcome'],
      registers,
    });
    this.reminderTickDone = new Gauge({
      name: 'pushup_reminder_last_tick_timestamp_seconds',
      help: 'When the reminder loop last finished a run without failing (Unix time); 0 before the first',
      registers,
    });
    // Every series of a known label exists from the start at 0, so that `increase()` sees its first
    // event (a series that appears at 1 has no earlier sample to increase from).
    for (const source of ENTRY_SOURCES) {
      this.entries.inc({ source }, 0);
      this.repeats.inc({ source }, 0);
      for (const reason of CONFLICT_REASONS) this.conflicts.inc({ source, reason }, 0);
    }
    for (const kind of PUSH_KINDS) {
      for (const outcome of PUSH_OUTCOMES) this.pushes.inc({ kind, outcome }, 0);
    }
    for (const reason of DEVICE_REMOVALS) this.devicesRemoved.inc({ reason }, 0);
    for (const outcome of ['ok', 'failed']) this.reminderTicks.inc({ outcome }, 0);
    if (database) this.databaseGauges(database);
  }

  /**
   * Node's own metrics (event-loop delay, heap, GC, handles, CPU): only for an app whose metrics
   * someone reads, since each collector keeps an event-loop monitor and a GC observer for good.
   */
  collectProcessMetrics(): void {
    collectDefaultMetrics({ register: this.registry });
  }

  /** One answered HTTP request; `route` is the route's pattern (`/api/groups/:id`), never the URL. */
  request(method: string, route: string, status: number, seconds: number): void {
    const labels = { method, route, status: String(status) };
    this.requests.inc(labels);
    this.latency.observe(labels, seconds);
  }

  /** The hit and miss counter of one named read cache. */
  cache(name: string): CacheCounter {
    const hits = this.cacheHits.labels(name);
    const misses = this.cacheMisses.labels(name);
    // Both series exist from the start, so a ratio over them is defined before the first miss.
    hits.inc(0);
    misses.inc(0);
    return { hit: (count = 1) => hits.inc(count), miss: (count = 1) => misses.inc(count) };
  }

  entryLogged(source: EntrySource): void {
    this.entries.inc({ source });
  }

  entryRepeated(source: EntrySource): void {
    this.repeats.inc({ source });
  }

  entryConflict(source: EntrySource, reason: ConflictReason): void {
    this.conflicts.inc({ source, reason });
  }

  importCommitted(entries: number): void {
    this.imports.inc();
    this.importedEntries.inc(entries);
  }

  push(kind: PushKind, outcome: PushOutcome): void {
    this.pushes.inc({ kind, outcome });
  }

  deviceRemoved(reason: DeviceRemoval, count = 1): void {
    if (count > 0) this.devicesRemoved.inc({ reason }, count);
  }

  /** Counts a run of the reminder loop as it settles; resolves or rejects as `run` does. */
  async reminderTick<T>(run: Promise<T>): Promise<T> {
    try {
      const result = await run;
      this.reminderTicks.inc({ outcome: 'ok' });
      this.reminderTickDone.set(Date.now() / 1000);
      return result;
    } catch (error) {
      this.reminderTicks.inc({ outcome: 'failed' });
      throw error;
    }
  }

  /** The text Prometheus scrapes, and its content type. */
  async exposition(): Promise<{ text: string; contentType: string }> {
    return { text: await this.registry.metrics(), contentType: this.registry.contentType };
  }

  private databaseGauges(database: DatabaseUse): void {
    const registers = [this.registry];
    new Gauge({
      name: 'pushup_db_transactions_in_flight',
      help: 'Database transactions started and not yet settled (on SQLite: waiting for the one writer or its COMMIT)',
      registers,
      collect() {
        this.set(database.transactionsInFlight());
      },
    });
    const { pool } = database;
    if (!pool) return;
    new Gauge({
      name: 'pushup_db_pool_connections',
      help: 'PostgreSQL connections of this process, by state (total, idle)',
      labelNames: ['state'],
      registers,
      collect() {
        const now = pool();
        this.set({ state: 'total' }, now.total);
        this.set({ state: 'idle' }, now.idle);
      },
    });
    new Gauge({
      name: 'pushup_db_pool_waiting',
      help: 'Queries of this process waiting for a free PostgreSQL connection',
      registers,
      collect() {
        this.set(pool().waiting);
      },
    });
  }
}
