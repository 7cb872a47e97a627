/**
 * A member's days with push-ups as the JSON the members' day sums send (`[{"day":...,"total":...},
 * ...]`, oldest first, as the database writes it), cached as bytes: an answer copies them into its
 * buffer as they are, with no string built on V8's heap, measured for its length and encoded again
 * for the socket.
 */
export interface DaysJson {
  /** The JSON, UTF-8 (its characters are ASCII: days and numbers). */
  json: Buffer;
  /** The last day in it; null: none. */
  lastDay: string | null;
  /**
   * Where `json` was last cut for a viewer's today (daysJsonUpTo): a cached history is cut the same
   * way for every viewer behind its last day, until it changes.
   */
  cut?: { to: string; end: number };
}

const OPEN_OBJECT = 0x7b; // {
const CLOSE_OBJECT = 0x7d; // }
/** What may stand between two day objects: ',' and JSON's whitespace. */
const BETWEEN_DAYS = new Set([0x2c, 0x20, 0x0a, 0x0d, 0x09]);
const CLOSE_ARRAY = Buffer.from(']');

/**
 * The day of the day object ending just before `end` in a history's JSON, and where that object
 * starts; null for none. Both engines write one flat object per day, oldest first (PostgreSQL with
 * spaces), so the last '{' before `end` starts it.
 */
function dayBefore(json: Buffer, end: number): { day: string; start: number } | null {
  const start = json.lastIndexOf(OPEN_OBJECT, end - 1);
  if (start < 0) return null;
  const text = json.toString('utf8', start, json.lastIndexOf(CLOSE_OBJECT, end - 1) + 1);
  return { day: (JSON.parse(text) as { day: string }).day, start };
}

/** A history from the JSON text the database wrote. */
export function daysJsonOf(text: string): DaysJson {
  // Not Buffer.from: a small one would be a slice of a shared 8 KB pool, held whole while it is cached.
  const json = Buffer.allocUnsafeSlow(Buffer.byteLength(text));
  json.write(text);
  return { json, lastDay: dayBefore(json, json.length)?.day ?? null };
}

/** A member without days. */
export const NO_DAYS: DaysJson = daysJsonOf('[]');

/**
 * A history without its days after `to` (a viewer's today, behind the zone the member logged in), as
 * the parts of its JSON: its last days cut one by one.
 */
export function daysJsonUpTo(days: DaysJson, to: string): Buffer[] {
  const { json } = days;
  if ((days.lastDay ?? '') <= to) return [json];
  if (days.cut?.to !== to) {
    let end = json.length - 1; // the closing ']'
    for (let last = dayBefore(json, end); last !== null && last.day > to; last = dayBefore(json, end)) {
      end = last.start;
      while (end > 1 && BETWEEN_DAYS.has(json[end - 1] as number)) end--;
    }
    days.cut = { to, end };
  }
  return [json.subarray(0, days.cut.end), CLOSE_ARRAY];
}
