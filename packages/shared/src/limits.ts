/** Business constants of docs/product.md, "Limits", in one place for the server and the web app. */

export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 30;
export const GROUP_NAME_MIN_LENGTH = 3;
export const GROUP_NAME_MAX_LENGTH = 30;

export const PUSHUP_COUNT_MIN = 0;
export const PUSHUP_COUNT_MAX = 1000;
/** A new entry may be dated this far in the future (clients' clocks drift). */
export const CLOCK_SKEW_MS = 5 * 60_000;
/** The global leaderboard lists this many rows (plus the caller's own row when outside them). */
export const LEADERBOARD_SIZE = 100;
/** The longest day range one call may ask for (about ten years). */
export const MAX_DAY_RANGE_DAYS = 3660;

/** A goal of 0 is reached at once; no goal is null (docs/decisions/024-goals-that-make-sense.md). */
export const GOAL_MIN = 1;
export const GOAL_MAX = 1_000_000;
export const GOAL_DESCRIPTION_MAX_LENGTH = 50;

/** Earliest calendar day an entry or a goal deadline may have (YYYY-MM-DD). */
export const EARLIEST_DAY = '2025-01-01';
/** Back-dated entries (not on today) are stamped at this local hour. */
export const BACKDATED_ENTRY_HOUR = 12;

export const CACHE_TTL_MS = 60_000;
export const GROUP_REQUEST_TIMEOUT_MS = 10_000;
export const QUERY_RETRY = 3;
export const QUERY_GC_TIME_MS = 5 * 60_000;

export const TOAST_SUCCESS_MS = 2000;
export const TOAST_ERROR_MS = 5000;
export const TOAST_MAX = 20;
export const DELETE_ANIMATION_MS = 300;

export const HOLD_REPEAT_DELAY_MS = 400;
export const HOLD_ACCELERATION_MS = 4000;

export const INVITE_EXPIRY_DAYS = 30;
export const INVITE_EXPIRY_MAX_DAYS = 365;
export const INVITE_MAX_USES_MAX = 1000;
/** Random bytes of an invite code: 192 bits, 32 URL-safe characters. */
export const INVITE_CODE_BYTES = 24;
export const GROUP_DESCRIPTION_MAX_LENGTH = 200;
/** A group search returns at most this many groups. */
export const GROUP_SEARCH_LIMIT = 20;
/** At most this many groups are suggested before anything is typed in the search. */
export const GROUP_SUGGESTIONS_LIMIT = 10;

export interface SubscriptionTier {
  maxGroups: number;
  maxMembersPerGroup: number;
}

/** The tier every new user gets (docs/product.md, "Decisions the specification left open"). */
export const DEFAULT_TIER: SubscriptionTier = { maxGroups: 5, maxMembersPerGroup: 10 };
/** What the client assumes when the tier cannot be loaded. */
export const FALLBACK_TIER: SubscriptionTier = { maxGroups: 3, maxMembersPerGroup: 10 };

export const BAR_CHART_DAYS_WIDE = 30;
export const BAR_CHART_DAYS_NARROW = 7;
export const NARROW_SCREEN_PX = 768;

/**
 * Importing entries from a CSV file (docs/product.md, "Import"): the largest file (its text, in
 * bytes of UTF-8) and the most rows one import takes, and how many refused rows a response lists
 * (it counts them all).
 */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 50_000;
export const IMPORT_REFUSALS_LISTED = 100;
