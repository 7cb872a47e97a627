/**
 * Drives API processes over HTTP with autocannon: many connections at once, each request made
 * afresh (another user, another day). Latencies are our own, from autocannon's response events:
 * its histograms keep whole milliseconds, too coarse for answers that take one.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import autocannon from 'autocannon';

export interface LoadRequest {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface LoadResult {
  connections: number;
  requests: number;
  perSecond: number;
  median: number;
  p99: number;
  /** Answers other than 2xx and 304 (a client's copy still good), socket errors and time-outs. */
  errors: number;
}

/** autocannon's response event as it is emitted (its typings leave out the client argument). */
type ResponseListener = (client: unknown, status: number, bytes: number, milliseconds: number) => void;

function percentile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

/** One autocannon run against one process. */
function driveOne(address: string, connections: number, seconds: number, next: () => LoadRequest) {
  const latencies: number[] = [];
  let refused = 0;
  return new Promise<{ result: autocannon.Result; latencies: number[]; refused: number }>(
    (resolve, reject) => {
      const instance = autocannon(
        {
          url: address,
          connections,
          duration: seconds,
          requests: [{ setupRequest: (request) => ({ ...request, ...next() }) }],
        },
        (error, result) => (error ? reject(error) : resolve({ result, latencies, refused })),
      );
      (instance.on as (event: 'response', listener: ResponseListener) => void)(
        'response',
        (_c, status, _b, ms) => {
          latencies.push(ms);
          if ((status < 200 || status > 299) && status !== 304) refused++;
        },
      );
    },
  );
}

/**
 * `connections` concurrent connections spread over the processes at `addresses` for `seconds`;
 * every request comes from `next()`.
 */
export async function drive(
  addresses: string[],
  connections: number,
  seconds: number,
  next: () => LoadRequest,
): Promise<LoadResult> {
  const shares = addresses.map((_, i) => Math.floor((connections + i) / addresses.length));
  const runs = await Promise.all(
    addresses.flatMap((address, i) =>
      (shares[i] as number) > 0 ? [driveOne(address, shares[i] as number, seconds, next)] : [],
    ),
  );
  const latencies = runs.flatMap((run) => run.latencies).sort((a, b) => a - b);
  const requests = runs.reduce((sum, run) => sum + run.result.requests.total, 0);
  const elapsed = Math.max(...runs.map((run) => run.result.duration));
  return {
    connections,
    requests,
    perSecond: requests / elapsed,
    median: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    errors: runs.reduce((sum, run) => sum + run.refused + run.result.errors + run.result.timeouts, 0),
  };
}

/** The most memory a process has held so far (VmHWM, Linux), in MB. */
export function peakMemoryMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
}

/** Clock ticks a second, the unit of /proc/<pid>/stat's CPU times. */
const TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());

/** The CPU time a process has used so far, user and system (Linux), in ms. */
export function cpuMs(pid: number): number {
  // The fields after the command's name in parentheses (which may hold spaces); utime and stime
  // are fields 14 and 15 of the whole line.
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}
