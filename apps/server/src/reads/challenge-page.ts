import { type ChallengePage, dayInZone } from '@pushup/shared';
import type { AuthContext } from '../auth/context';
import type { CacheCounter } from '../metrics/app-metrics';
import type { Repositories } from '../repositories';
import type { ChallengeListRow } from '../repositories/challenges.repository';
import {
  fixedPage,
  type ParticipantDays,
  type RunningStandings,
  runningPageHead,
  runningStandings,
} from '../services/challenges/challenge-page';
import { fixResultIfDue } from '../services/challenges/challenge-results';
import { challengeNotFound } from '../services/challenges/challenges.service';
import { requireMember } from '../services/groups/group-access';
import type { Clock } from '../services/reminders/reminder-context';
import { SerializedBody } from './serialized-body';
import { type FinishedTransactions, ShortLivedCache } from './short-lived-cache';
import { VersionedCache } from './versioned-cache';

/** How many participants' windows a process caches (a challenge's days of one user: a few hundred bytes). */
const WINDOWS_CACHED = 50_000;
/** How many challenges' participant lists a process caches (about 200 bytes a participant). */
const CHALLENGES_CACHED = 50_000;
type Window = readonly (readonly [string, number])[];
const NO_DAYS: Window = [];

/** What a page of a challenge whose result is not fixed is computed from (the same for every viewer). */
interface ChallengeState {
  head: ChallengeListRow;
  participants: (ParticipantDays & { revision: number })[];
}

/**
 * A state's standings with their participants' rows as JSON in UTF-8, joined by commas, and where
 * (in bytes) each participant's row is in it: a page copies the bytes, and writes anew only the
 * viewer's own row.
 */
interface SharedRows {
  standings: RunningStandings;
  json: Buffer;
  at: ReadonlyMap<string, { index: number; start: number; end: number }>;
}

/**
 * GET /api/groups/:id/challenges/:challengeId (docs/product.md, "Group challenges, cheers and the
 * feed"). While the result is not fixed, a challenge's participants with their days in the window are
 * shared by its viewers for a short time (STALENESS.shortLived, as the groups' member lists): a read
 * first reads the viewer's own part (membership, participation, day sums' revision) through keys
 * alone and reads the challenge again when the cached state disagrees, so nobody sees their own
 * entries late and a removed member is refused at once. Each participant's days are cached at their
 * day sums' revision (STALENESS.versioned), so a fresh state reads only those who logged since. A
 * fixed result is read from its own rows. The answer is serialized as it is.
 */
export class ChallengePageRead {
  private readonly windows: VersionedCache<Window>;
  private readonly states: ShortLivedCache<ChallengeState | null>;
  /**
   * The standings of each cached state, worked out by its first viewer: a state serves for at most
   * SHORT_LIVED_MS, so a participant's today may turn at their midnight that much late.
   */
  private readonly shared = new WeakMap<ChallengeState, SharedRows>();

  constructor(
    private readonly repos: Repositories,
    transactions: FinishedTransactions,
    private readonly clock: Clock,
    counter: (cache: string) => CacheCounter,
  ) {
    this.windows = new VersionedCache<Window>(
      WINDOWS_CACHED,
      (days) => 1 + days.length / 16,
      counter('challenge_windows'),
    );
    this.states = new ShortLivedCache((challengeId) => this.load(challengeId), transactions, {
      capacity: CHALLENGES_CACHED,
      sizeOf: (state) => 1 + (state?.participants.length ?? 0),
      counter: counter('challenge_states'),
    });
  }

  async page(
    auth: AuthContext,
    groupId: string,
    challengeId: string,
  ): Promise<SerializedBody<ChallengePage>> {
    const viewer = auth.userUuid ?? '';
    const now = new Date(this.clock());
    const own = await this.repos.challenges.viewerPart(challengeId, viewer);
    if (!own || own.group_id !== groupId || own.role === null) {
      // Not a member, or no such challenge in this group: which of the two, as the groups say it.
      await requireMember(this.repos, auth, groupId);
      throw challengeNotFound();
    }
    let state = this.states.peek(challengeId);
    const mine = state?.participants.find((p) => p.user_uuid === viewer);
    if (state && (own.joined !== (mine !== undefined) || (mine && mine.revision !== own.revision))) {
      state = undefined;
    }
    if (state !== undefined) this.states.counter.hit();
    else state = await this.states.fresh(challengeId);
    if (state && state.head.ends_at <= now.toISOString()) {
      await fixResultIfDue(this.repos, challengeId, now.toISOString());
      state = null;
    }
    const today = dayInZone(now, auth.timezone);
    if (!state) {
      const head = await this.repos.challenges.listOne(challengeId, viewer);
      if (!head) throw challengeNotFound();
      return SerializedBody.of(
        fixedPage(head, await this.repos.challenges.results(challengeId), viewer, today),
      );
    }
    const head = { ...state.head, joined: own.joined ? 1 : 0 };
    const rows = this.sharedRows(state, now);
    const page = JSON.stringify(runningPageHead(head, rows.standings, viewer, today));
    const parts: (string | Buffer)[] = [page.slice(0, -1), ',"participants":['];
    const viewerRow = rows.at.get(viewer);
    if (viewerRow) {
      const row = rows.standings.participants[viewerRow.index] as ChallengePage['participants'][number];
      parts.push(
        rows.json.subarray(0, viewerRow.start),
        JSON.stringify({ ...row, isCurrentUser: true }),
        rows.json.subarray(viewerRow.end),
      );
    } else {
      parts.push(rows.json);
    }
    parts.push(']}');
    return SerializedBody.ofParts(parts);
  }

  private sharedRows(state: ChallengeState, now: Date): SharedRows {
    let rows = this.shared.get(state);
    if (rows) return rows;
    const standings = runningStandings(state.head, state.participants, now);
    const at = new Map<string, { index: number; start: number; end: number }>();
    const texts: string[] = [];
    let bytes = 0;
    standings.participants.forEach((row, index) => {
      if (index > 0) bytes += 1; // the comma
      const text = JSON.stringify(row);
      const start = bytes;
      bytes += Buffer.byteLength(text);
      texts.push(text);
      if (row.person.uuid !== null) at.set(row.person.uuid, { index, start, end: bytes });
    });
    rows = { standings, json: Buffer.from(texts.join(',')), at };
    this.shared.set(state, rows);
    return rows;
  }

  /** A challenge not yet fixed with its participants and their days; null once fixed. */
  private async load(challengeId: string): Promise<ChallengeState | null> {
    const head = await this.repos.challenges.listOne(challengeId, '');
    if (!head || head.fixed_at !== null) return null;
    const { start_day: from, end_day: to } = head;
    const participants = await this.repos.challenges.participantsWithRevisions(challengeId);
    // Keyed by challenge and participant: a user in several challenges has a window in each.
    const keyed = participants.map((p) => ({ ...p, user_uuid: `${challengeId}:${p.user_uuid}` }));
    const windows = await this.windows.getOrLoad(
      keyed,
      (p) => p.revision,
      `${from}|${to}`,
      async (keys) => {
        const uuids = keys.map((key) => key.slice(challengeId.length + 1));
        const days = await this.repos.challenges.windowDaysOf(uuids, from, to);
        return new Map([...days].map(([uuid, list]) => [`${challengeId}:${uuid}`, list]));
      },
      NO_DAYS,
    );
    return { head, participants: participants.map((p, i) => ({ ...p, days: windows[i] ?? NO_DAYS })) };
  }
}
