/**
 * The authorization matrix as a whole (docs/security.md, "Authorization matrix"): its scene is set up
 * as the columns are named, every route the app registers under /api has a row and no row names a
 * route the app lacks, and HEAD answers like GET in every cell of a read.
 */
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { registeredRoutes } from '../app-routes';
import { adminAuth, bearer, ruleEngines } from '../helpers';
import { ACTORS, methodOf } from './matrix';
import { MATRIX } from './rows';
import { matrixScene } from './scene';

/** Every `METHOD path` the app serves under /api (HEAD, which Fastify adds to every GET, left out). */
function apiRoutes(app: FastifyInstance): string[] {
  const routes = new Set(registeredRoutes(app).filter((route) => route.split(' ')[1]?.startsWith('/api')));
  return [...routes]
    .filter((route) => !(route.startsWith('HEAD ') && routes.has(route.replace(/^HEAD /, 'GET '))))
    .sort();
}

/** Whether a row's call stands for this route (`/*`: the path and everything under it). */
function covers(call: string, route: string): boolean {
  if (call === route) return true;
  if (!call.endsWith('/*')) return false;
  const prefix = call.slice(0, -2);
  return route === prefix || route.startsWith(`${prefix}/`);
}

describe.each(ruleEngines)('authorization matrix on %s', (engine) => {
  const scene = matrixScene(engine);
  const h = scene.harness;

  it('sets every column up as named', async () => {
    const { users, invites } = scene.server().repos;
    const { cast, uninvited, deleted, shared } = scene.state();
    // uninvited: a valid token, no invite, no profile; deleted: neither profile nor identity account.
    expect(await invites.find(uninvited.email.toLowerCase())).toBeUndefined();
    expect(await users.findByFirebaseUid(uninvited.uid)).toBeUndefined();
    await expect(adminAuth().getUser(uninvited.uid)).resolves.toMatchObject({ uid: uninvited.uid });
    expect(await users.findByFirebaseUid(deleted.account.uid)).toBeUndefined();
    await expect(adminAuth().getUser(deleted.account.uid)).rejects.toMatchObject({
      code: 'auth/user-not-found',
    });
    // The outsider is the admin of a group of their own.
    expect(await h.myGroups(cast.outsider)).toEqual([expect.objectContaining({ role: 'admin' })]);

    const g = shared.group;
    expect(await h.memberRows(g.id)).toEqual(
      [
        `${cast.admin.uuid}:admin`,
        `${cast.coAdmin.uuid}:admin`,
        `${cast.peer.uuid}:member`,
        `${cast.member.uuid}:member`,
      ].sort(),
    );
    expect(await h.requestRows(g.id)).toEqual(
      [
        `${cast.member.uuid}:accepted`,
        `${cast.pending.uuid}:pending`,
        `${cast.rejected.uuid}:rejected`,
      ].sort(),
    );
    const o = shared.other;
    expect(await h.memberRows(o.id)).toEqual(
      [`${cast.owner.uuid}:admin`, `${cast.stranger.uuid}:member`].sort(),
    );
    expect(await h.requestRows(o.id)).toEqual(
      [`${cast.asker.uuid}:pending`, `${cast.refused.uuid}:rejected`].sort(),
    );
  });

  it('has a row for every route the app registers under /api, and no row for a route it lacks', async () => {
    const routes = apiRoutes(scene.server().app);
    const doc = await scene.send(null, 'GET', '/api/docs/json');
    const openapi = Object.entries(
      doc.json<{ paths: Record<string, Record<string, unknown>> }>().paths,
    ).flatMap(([path, methods]) =>
      Object.keys(methods).map((m) => `${m.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    // Both lists are read correctly: the OpenAPI document lists the documented routes, the tree all.
    expect(routes).toEqual(expect.arrayContaining(openapi));
    expect(openapi.length).toBeGreaterThan(30);
    const calls = [...new Set(MATRIX.map((row) => row.call))];
    expect(
      routes.filter((route) => !calls.some((call) => covers(call, route))),
      'routes without a row',
    ).toEqual([]);
    expect(
      calls.filter((call) => !routes.some((route) => covers(call, route))),
      'rows without a route',
    ).toEqual([]);
  });

  it('answers HEAD like GET on every GET row', async () => {
    for (const row of MATRIX.filter((r) => methodOf(r) === 'GET')) {
      for (const actor of ACTORS) {
        const target = scene.sharedScene(actor);
        const url = [row.url(target)].flat()[0] as string;
        const head = await scene.server().app.inject({
          method: 'HEAD',
          url,
          headers: target.caller ? bearer(target.caller) : {},
        });
        expect(head.statusCode, `HEAD ${url} as ${actor}`).toBe(row.cells[actor].status);
        expect(head.body).toBe('');
      }
    }
  });
});
