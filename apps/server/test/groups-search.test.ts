/**
 * Searching groups by name (docs/product.md, "Calls"), through the HTTP API, on SQLite and (with
 * TEST_DATABASE_URL) PostgreSQL.
 */
import type { Group } from '@pushup/shared';
import { describe, expect, it } from 'vitest';
import { groupsHarness } from './groups-helpers';
import { engines, serverForSuite } from './helpers';

describe.each(engines)('group rules on %s', (engine) => {
  const server = serverForSuite(engine);
  const h = groupsHarness(server);
  const { call, body, person } = h;

  it('searches names ignoring case, by contains-match, % and _ literally, at most 20 by name', async () => {
    const owner = await person({ maxGroups: 40, maxMembersPerGroup: 10 });
    const tag = Array.from({ length: 8 }, () =>
      String.fromCharCode(97 + Math.floor(Math.random() * 26)),
    ).join('');
    const names = [
      `${tag} MiXeD Case`,
      `${tag} 100%`,
      `${tag} 1000`,
      `${tag} a_b`,
      `${tag} axb`,
      `${tag} back\\slash`,
    ];
    const created: Group[] = [];
    for (const name of names)
      created.push(body<Group>(await call(owner, 'POST', '/api/groups', { name }), 201));
    const search = async (q: string) =>
      body<Group[]>(await call(owner, 'GET', `/api/groups/search?q=${encodeURIComponent(q)}`), 200);
    const found = async (q: string) => (await search(q)).map((g) => g.name);

    expect(await search(`${tag} mixed case`)).toEqual([created[0]]);
    expect(await found(`${tag.toUpperCase()} MIXED`)).toEqual([`${tag} MiXeD Case`]);
    expect(await found(`${tag.slice(3)} mixed c`)).toEqual([`${tag} MiXeD Case`]);
    expect(await found(`${tag} 100%`)).toEqual([`${tag} 100%`]);
    expect(await found(`${tag} a_b`)).toEqual([`${tag} a_b`]);
    expect(await found(`${tag} back\\slash`)).toEqual([`${tag} back\\slash`]);
    expect(await found(`${tag} 10`)).toEqual([`${tag} 100%`, `${tag} 1000`]);
    for (const literal of ['%', '_']) {
      const hits = await found(literal);
      expect(hits.length).toBeGreaterThan(0);
      for (const hit of hits) expect(hit).toContain(literal);
    }
    expect(await found(`${tag}%`)).toEqual([]);
    expect(await found(`  ${tag} axb  `)).toEqual([`${tag} axb`]);

    for (let i = 21; i >= 0; i--) {
      body(await call(owner, 'POST', '/api/groups', { name: `${tag} n${String(i).padStart(2, '0')}` }), 201);
    }
    expect(await found(`${tag} n`)).toEqual(
      Array.from({ length: 20 }, (_, i) => `${tag} n${String(i).padStart(2, '0')}`),
    );
  });

  it('suggests the largest groups the caller could ask to join, before anything is typed', async () => {
    const [viewer, a, b, c, d, e, f, g, k] = await h.people(9);
    // Larger than every group the search test made (one member each).
    const five = await h.groupWith(a, [b, c, d, e]);
    const four = await h.groupWith(b, [c, d, e]);
    const three = await h.groupWith(c, [d, e]);
    const full = await h.groupWith(d, [e, f, g], { maxMembers: 4 });
    const joined = await h.groupWith(e, [viewer, f, g, k]);
    const waiting = await h.groupWith(f, [g, k, a]);
    const refused = await h.groupWith(g, [k, a, b]);
    await h.requestJoin(viewer, waiting.id);
    const request = await h.requestJoin(viewer, refused.id);
    await h.decide(g, request.requestId, false);

    const suggested = body<Group[]>(await call(viewer, 'GET', '/api/groups/suggested'), 200);
    expect(suggested.slice(0, 3).map((group) => group.id)).toEqual([five.id, four.id, three.id]);
    expect(suggested[0]).toEqual(
      body<Group>(await call(viewer, 'GET', `/api/groups/public/${five.id}`), 200),
    );
    const ids = suggested.map((group) => group.id);
    for (const left of [full, joined, waiting, refused]) expect(ids).not.toContain(left.id);
    expect(suggested.length).toBe(10);
    const sizes = suggested.map((group) => group.memberCount);
    expect(sizes).toEqual([...sizes].sort((x, y) => y - x));
  });
});
