import { type Kysely, sql, type Transaction } from 'kysely';

/** The most transactions one commit carries, so a batch never holds the connection for long. */
const MAX_BATCH = 64;

interface Job<R> {
  work: (scope: R) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit for SQLite (decision 013). With synchronous=FULL every COMMIT waits for the disk
 * (fsync), and better-sqlite3 waits on the event loop: one transaction per commit capped logging at
 * about 750 entries a second. Here the transactions that arrive while one runs share the next
 * database transaction, each inside its own SAVEPOINT, and one COMMIT makes them all durable.
 *
 * Each caller sees what it would see alone: its work runs on its own, in arrival order, with the
 * writes of earlier works visible (SQLite runs one writer at a time anyway); a work that throws
 * rolls back to its savepoint, undoing only its own writes, and its caller gets the error at once;
 * a work's result is handed over only after the COMMIT that holds it succeeded, and if that COMMIT
 * fails every work in the batch gets the error and none of their writes stays. A lone transaction
 * waits for no one: the batch starts at once, and only what queues up meanwhile joins the next one.
 */
export function groupCommit<D, R>(
  db: Kysely<D>,
  scopeOf: (trx: Transaction<D>) => R,
  onCommit?: (size: number) => void,
): <T>(work: (scope: R) => Promise<T>) => Promise<T> {
  const queue: Job<R>[] = [];
  let running = false;

  async function runBatch(): Promise<void> {
    // The works of this batch that have not failed on their own, with their results.
    const taken: { job: Job<R>; value?: unknown }[] = [];
    try {
      await db.transaction().execute(async (trx) => {
        const scope = scopeOf(trx);
        for (let started = 0; started < MAX_BATCH; started++) {
          const job = queue.shift();
          if (!job) break;
          const entry: (typeof taken)[number] = { job };
          taken.push(entry);
          await sql`savepoint group_commit`.execute(trx);
          try {
            entry.value = await job.work(scope);
          } catch (error) {
            taken.pop();
            job.reject(error);
            // If even this fails, the transaction is broken: the batch fails as a whole below.
            await sql`rollback to group_commit`.execute(trx);
          }
          await sql`release group_commit`.execute(trx);
        }
      });
      onCommit?.(taken.length);
      for (const { job, value } of taken) job.resolve(value);
    } catch (error) {
      for (const { job } of taken) job.reject(error);
    } finally {
      running = false;
      if (queue.length > 0) schedule();
    }
  }

  /**
   * better-sqlite3 answers in microtasks, so a batch started at once would run and commit before
   * Node even read the other requests waiting on their sockets. Starting it after the event loop's
   * poll phase (setImmediate) lets every request that has arrived reach its transaction first.
   */
  function schedule(): void {
    if (running) return;
    running = true;
    setImmediate(() => void runBatch());
  }

  return <T>(work: (scope: R) => Promise<T>) =>
    new Promise<T>((resolve, reject) => {
      queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      schedule();
    });
}
