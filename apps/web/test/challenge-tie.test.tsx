import { type ChallengePage, challengePageSchema, type FeedPage, feedPageSchema } from '@pushup/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ResultFacts } from '@/features/challenges/components/challenge-summary';
import { GroupFeed } from '@/features/challenges/components/group-feed';
import { ParticipantsList } from '@/features/challenges/components/participants-list';
import { configureApiClient } from '@/lib/api-wiring';
import { inLanguage } from './in-language';

vi.mock('@/lib/auth', () => ({ useCurrentUser: () => ({ uid: 'user-1' }) }));

/**
 * A race that ended in a tie, as the challenge page and the group's feed show it (docs/product.md,
 * "Group challenges, cheers and the feed"). The server's part, who wins a tie and the feed's lines,
 * is apps/server/test/challenges-results.test.ts, "shares the win of a tie".
 */
const person = (username: string) => ({ uuid: `uuid-${username}`, username });
const participant = (username: string, total: number, rank: number, reached: boolean) => ({
  person: person(username),
  isCurrentUser: false,
  total,
  today: null,
  rank,
  share: null,
  reached,
});

const tiedRace: ChallengePage = challengePageSchema.parse({
  id: 'race-1',
  groupId: 'group-1',
  groupName: 'Tie club',
  name: 'Tied race',
  kind: 'race',
  target: null,
  minPerDay: null,
  startDay: '2026-11-30',
  endDay: '2026-12-01',
  status: 'finished',
  createdBy: person('anna'),
  createdAt: '2026-11-29T12:00:00.000Z',
  participantCount: 3,
  joined: false,
  daysLeft: 0,
  groupTotal: 77,
  participants: [
    participant('anna', 35, 1, true),
    participant('ben', 35, 1, true),
    participant('cem', 7, 3, false),
  ],
  todaysLeader: null,
  pace: null,
  result: {
    fixedAt: '2026-12-02T12:00:00.000Z',
    winners: [person('anna'), person('ben')],
    reachedTarget: false,
    groupTotal: 77,
  },
});

const wonLine = (username: string) => ({
  id: `line-${username}`,
  kind: 'challenge-won',
  at: '2026-12-02T12:00:00.000Z',
  person: person(username),
  day: null,
  count: null,
  achievementId: null,
  challenge: { id: 'race-1', name: 'Tied race' },
  cheers: null,
  cheeredByMe: null,
});
const feedPage: FeedPage = feedPageSchema.parse({
  lines: [wonLine('anna'), wonLine('ben')],
  nextCursor: null,
});

describe('a race that ended in a tie', () => {
  it('names both winners in its result, with the group’s total', async () => {
    render(<ResultFacts challenge={tiedRace} />, { wrapper: await inLanguage('en') });
    expect(screen.getByText('A tie: anna and ben won.')).toBeTruthy();
    expect(screen.getByText('The group’s total: 77 push-ups.')).toBeTruthy();
  });

  it('ranks both winners first, each marked winner, and the next one third', async () => {
    render(<ParticipantsList challenge={tiedRace} />, { wrapper: await inLanguage('en') });
    const rows = within(screen.getByRole('list', { name: 'Participants' })).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      '#1 annawinner35 push-ups',
      '#1 benwinner35 push-ups',
      '#3 cem7 push-ups',
    ]);
  });

  describe('in the group’s feed', () => {
    const fetchMock = vi.fn<typeof fetch>();
    beforeEach(() => {
      vi.stubGlobal('fetch', fetchMock);
      configureApiClient({ getToken: async () => 'token-1', onSessionEnded: () => {} });
    });
    afterEach(() => {
      cleanup();
      vi.unstubAllGlobals();
      fetchMock.mockReset();
      configureApiClient(null);
    });

    it('says of each winner that they won the challenge, linked to it', async () => {
      fetchMock.mockImplementation(async (input) => {
        const url = String(input);
        const body = url.startsWith('/api/groups/group-1/feed')
          ? feedPage
          : { uuid: 'uuid-cem', username: 'cem' };
        return new Response(JSON.stringify(body), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        });
      });
      const language = await inLanguage('en');
      render(
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <MemoryRouter>
            <GroupFeed groupId="group-1" />
          </MemoryRouter>
        </QueryClientProvider>,
        { wrapper: language },
      );
      const feed = await screen.findByRole('list', { name: 'Group feed' });
      const lines = await within(feed).findAllByRole('listitem');
      expect(lines).toHaveLength(2);
      for (const name of ['anna', 'ben']) {
        const line = within(feed).getByText((_, element) =>
          Boolean(
            element?.tagName === 'SPAN' &&
              element.textContent?.startsWith(`${name} won the challenge Tied race`),
          ),
        );
        expect(within(line).getByRole('link', { name: 'Tied race' }).getAttribute('href')).toBe(
          '/groups/group-1/challenges/race-1',
        );
      }
    });
  });
});
