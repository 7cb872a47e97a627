import {
  ACHIEVEMENTS,
  type ChallengePage,
  shareCardsCalls as calls,
  dayInZone,
  type Language,
  MESSAGES,
  type PictureLook,
  type PublicProfile,
} from '@pushup/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthContext } from '../auth/context';
import { AppError } from '../errors/app-error';
import type { Reads } from '../reads';
import type { SerializedBody } from '../reads/serialized-body';
import type { CardTheme } from '../services/share-cards/card-style';
import type { CardRequest, ShareCard, ShareCardsService } from '../services/share-cards/share-cards.service';
import type { UsersService } from '../services/users/users.service';
import { Picture, registerCall } from './register-call';

/**
 * A person's own pictures may sit in their browser's cache, which asks again each time (the ETag
 * makes that free); no shared cache keeps them.
 */
const OWN_PICTURE = 'private, no-cache';
/** A public profile's picture: any cache may keep it but must ask again, since it may turn private. */
const PUBLIC_PICTURE = 'public, no-cache';

function parsed<T>(body: SerializedBody<T>): T {
  return JSON.parse(body.json.toString()) as T;
}

function themeOf(asked: PictureLook['theme'], saved: string | null): CardTheme {
  const theme = asked ?? saved;
  return theme === 'dark' ? 'dark' : 'light';
}

/** The picture for the request, or a 304 when the client's copy is the one it would be. */
async function answer(
  shareCards: ShareCardsService,
  request: FastifyRequest,
  card: CardRequest,
  cacheControl: string,
): Promise<Picture> {
  const etag = shareCards.etagOf(card);
  if (request.headers['if-none-match'] === etag) return new Picture(null, etag, cacheControl);
  const drawn = await shareCards.picture(card);
  return new Picture(drawn.png, drawn.etag, cacheControl);
}

interface OwnDeps {
  shareCards: ShareCardsService;
  users: UsersService;
  reads: Reads;
}

/** The caller's name, language and theme, and their goal, as their pictures use them. */
async function callerLook(users: UsersService, auth: AuthContext, look: PictureLook) {
  const profile = await users.getProfile(auth);
  return {
    profile,
    language: (look.lang ?? profile.language ?? 'en') as Language,
    theme: themeOf(look.theme, profile.theme),
  };
}

async function progressCard(
  { reads }: OwnDeps,
  auth: AuthContext,
  query: PictureLook & { period?: 'day' | 'week' },
): Promise<CardRequest> {
  // One statement while the caller's day sums, name and goal are unchanged (reads/progress-picture.ts).
  const { owner, facts } = await reads.progressPicture.progress(auth, query.period ?? 'day');
  return {
    card: { kind: 'progress', facts },
    language: (query.lang ?? owner.language ?? 'en') as Language,
    theme: themeOf(query.theme, owner.theme),
  };
}

async function achievementCard(
  { users, reads }: OwnDeps,
  auth: AuthContext,
  achievementId: string,
  query: PictureLook,
): Promise<CardRequest> {
  const [{ profile, language, theme }, statuses] = await Promise.all([
    callerLook(users, auth, query),
    reads.history.achievements(auth),
  ]);
  const earned = statuses.find((status) => status.id === achievementId && status.earnedAt !== null);
  const definition = ACHIEVEMENTS.find((a) => a.id === achievementId);
  // Not earned yet: there is nothing to share, as for an id no picture has.
  if (!earned?.earnedAt || !definition) throw new AppError('NOT_FOUND', MESSAGES.resourceNotFound);
  const card: ShareCard = {
    kind: 'achievement',
    facts: {
      id: definition.id,
      title: definition.title,
      target: definition.target,
      username: profile.username,
      earnedDay: dayInZone(new Date(earned.earnedAt), auth.timezone),
    },
  };
  return { card, language, theme };
}

async function challengeCard(
  { users, reads }: OwnDeps,
  auth: AuthContext,
  groupId: string,
  challengeId: string,
  query: PictureLook,
): Promise<CardRequest> {
  // The page's own read refuses a non-member and an unknown challenge, as the page does.
  const page = parsed<ChallengePage>(await reads.challengePage.page(auth, groupId, challengeId));
  const { language, theme } = await callerLook(users, auth, query);
  const card: ShareCard = {
    kind: 'challenge',
    facts: {
      name: page.name,
      groupName: page.groupName,
      finished: page.result !== null,
      reachedTarget: page.result && page.target !== null ? page.result.reachedTarget : null,
      winners: page.result?.winners.map((w) => w.username) ?? [],
      groupTotal: page.result?.groupTotal ?? page.groupTotal,
      participantCount: page.participantCount,
      leaders: page.participants
        .slice(0, 3)
        .map((p) => ({ username: p.person.username, total: p.total, rank: p.rank })),
    },
  };
  return { card, language, theme };
}

/** The caller's own pictures (docs/product.md, "Share pictures"). Mounted under /api, authenticated. */
export async function shareCardsRoutes(app: FastifyInstance, deps: OwnDeps) {
  const { shareCards } = deps;
  registerCall(app, calls.progress, async ({ auth, query }, request) =>
    answer(shareCards, request, await progressCard(deps, auth, query), OWN_PICTURE),
  );
  registerCall(app, calls.achievement, async ({ auth, params, query }, request) =>
    answer(shareCards, request, await achievementCard(deps, auth, params.achievementId, query), OWN_PICTURE),
  );
  registerCall(app, calls.challenge, async ({ auth, params, query }, request) =>
    answer(
      shareCards,
      request,
      await challengeCard(deps, auth, params.id, params.challengeId, query),
      OWN_PICTURE,
    ),
  );
}

/** What the public profile's picture needs: the profile as anyone may read it, null when private or unknown. */
export type PublicProfileReader = (username: string) => Promise<PublicProfile | null>;

/** The public profile's picture, the link preview's image: no token, per-address limits. */
export async function publicShareCardsRoutes(
  app: FastifyInstance,
  { shareCards, publicProfile }: { shareCards: ShareCardsService; publicProfile: PublicProfileReader },
) {
  registerCall(app, calls.profile, async ({ params, query }, request) => {
    const profile = await publicProfile(params.username);
    // Private and unknown answer alike (docs/security.md, "Public profiles").
    if (!profile) throw new AppError('NOT_FOUND', MESSAGES.serverUserNotFound);
    const card: ShareCard = {
      kind: 'profile',
      facts: {
        username: profile.username,
        total: profile.totals?.total ?? null,
        currentStreak: profile.streak?.current ?? null,
        longestStreak: profile.streak?.longest ?? null,
        achievements: profile.achievements?.length ?? null,
      },
    };
    return answer(
      shareCards,
      request,
      { card, language: query.lang ?? 'en', theme: themeOf(query.theme, null) },
      PUBLIC_PICTURE,
    );
  });
}
