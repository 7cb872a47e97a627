/**
 * What the cells of the authorization matrix are called against, on a test server of their own: one
 * registered user in each role of "the group", the users the targets belong to, an uninvited and a
 * deleted caller. Reads and the cells the token check refuses share one scene for the run; a write
 * that succeeds runs on fresh state (its own group, entries or account), and the refused writes of a
 * registered caller share one fresh scene per row, so that the cells cannot affect each other.
 */
import { randomUUID } from 'node:crypto';
import { addDays, dayInZone } from '@pushup/shared';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Engine } from '../../src/db/client';
import { createGroupServices, type GroupServices } from '../../src/services/groups/group-services';
import { PushupsService } from '../../src/services/pushups/pushups.service';
import { AdminService } from '../../src/services/users/admin.service';
import { groupsHarness, type Person, type Reply } from '../groups-helpers';
import {
  bearer,
  createTestServer,
  registeredAccount,
  signUp,
  type TestAccount,
  type TestServer,
} from '../helpers';
import {
  type Actor,
  type GroupScene,
  type HttpMethod,
  type OtherScene,
  type Part,
  REGISTERED,
  type Registered,
  type Row,
  type Scene,
  subscription,
} from './matrix';

/** The columns' registered users, and the users the targets belong to. */
type Cast = Record<Registered | 'coAdmin' | 'peer' | 'owner' | 'stranger' | 'asker' | 'refused', Person>;

/** The scene's people and shared parts, once the suite's beforeAll has set them up. */
interface SceneState {
  cast: Cast;
  uninvited: TestAccount;
  deleted: { account: TestAccount; formerEntry: string; formerDevice: string };
  shared: Pick<Scene, 'group' | 'other' | 'ownerEntry' | 'ownerDevice' | 'profiles'>;
}

/**
 * Starts a test server and sets the scene up before the enclosing describe block's tests, and closes
 * the server after them.
 */
export function matrixScene(engine: Engine) {
  let server: TestServer;
  const h = groupsHarness(() => server);
  let groups: GroupServices;
  let pushups: PushupsService;
  /** One spare account per role, for the cells that delete the caller's account. */
  let spares: Record<Registered, Person>;
  let state: SceneState;

  function send(
    caller: TestAccount | null,
    method: HttpMethod,
    url: string,
    payload?: unknown,
  ): Promise<Reply> {
    return server.app.inject({
      method,
      url,
      headers: { ...(caller ? bearer(caller) : {}), 'x-timezone': 'UTC' },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  }

  const as = (person: Person) => h.authFor(person);

  /** "The group": the admin created it; one user in each role, a second admin and a second member. */
  async function buildGroup(people: Cast): Promise<GroupScene> {
    const name = `Matrix ${randomUUID().slice(0, 8)}`;
    const created = await groups.groups.create(as(people.admin), { name });
    const race = await send(people.admin.account, 'POST', `/api/groups/${created.id}/challenges`, {
      name: 'Matrix race',
      kind: 'race',
      startDay: dayInZone(new Date(), 'UTC'),
      endDay: addDays(dayInZone(new Date(), 'UTC'), 6),
    });
    expect(race.statusCode, race.body).toBe(201);
    const challengeId = race.json<{ id: string }>().id;
    const joinRace = async (person: Person) => {
      const url = `/api/groups/${created.id}/challenges/${challengeId}/participation`;
      const joined = await send(person.account, 'PUT', url);
      expect(joined.statusCode, joined.body).toBe(204);
    };
    const invite = await groups.inviteLinks.createInvite(as(people.admin), created.id, {
      maxUses: null,
      expiresInDays: 30,
    });
    await groups.inviteLinks.acceptInvite(as(people.coAdmin), invite.code);
    await groups.memberships.addAdmin(as(people.admin), created.id, people.coAdmin.uuid);
    await groups.inviteLinks.acceptInvite(as(people.peer), invite.code);
    await joinRace(people.peer);
    const asked = await groups.joinRequests.requestJoin(as(people.member), created.id);
    await groups.joinRequests.decideRequest(as(people.admin), asked.requestId, true);
    await groups.inviteLinks.acceptInvite(as(people.removed), invite.code);
    await joinRace(people.removed);
    await groups.memberships.removeMember(as(people.admin), created.id, people.removed.uuid);
    const pending = await groups.joinRequests.requestJoin(as(people.pending), created.id);
    const rejected = await groups.joinRequests.requestJoin(as(people.rejected), created.id);
    await groups.joinRequests.decideRequest(as(people.admin), rejected.requestId, false);
    return {
      id: created.id,
      name,
      code: invite.code,
      inviteId: invite.inviteId,
      requestId: pending.requestId,
      coAdminUuid: people.coAdmin.uuid,
      peerUuid: people.peer.uuid,
      rejectedUuid: people.rejected.uuid,
      challengeId,
    };
  }

  /** Another group: the owner its admin, a member, a pending and a rejected request, an invite link. */
  async function buildOther(cast: Cast): Promise<OtherScene> {
    const created = await groups.groups.create(as(cast.owner), { name: `Other ${randomUUID().slice(0, 8)}` });
    const invite = await groups.inviteLinks.createInvite(as(cast.owner), created.id, {
      maxUses: null,
      expiresInDays: 30,
    });
    await groups.inviteLinks.acceptInvite(as(cast.stranger), invite.code);
    const pending = await groups.joinRequests.requestJoin(as(cast.asker), created.id);
    const rejected = await groups.joinRequests.requestJoin(as(cast.refused), created.id);
    await groups.joinRequests.decideRequest(as(cast.owner), rejected.requestId, false);
    return {
      id: created.id,
      inviteId: invite.inviteId,
      requestId: pending.requestId,
      adminUuid: cast.owner.uuid,
      memberUuid: cast.stranger.uuid,
      rejectedUuid: cast.refused.uuid,
    };
  }

  async function entryOf(person: Person): Promise<string> {
    return (await pushups.create(as(person), { count: 5 })).uuid;
  }

  /** A reminder device of the person, registered through the API. */
  async function deviceOf(person: Person): Promise<string> {
    const response = await send(
      person.account,
      'POST',
      '/api/reminders/devices',
      subscription(randomUUID().slice(0, 8)),
    );
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ deviceId: string }>().deviceId;
  }

  function callerOf(actor: Actor, people: Cast): TestAccount | null {
    if (actor === 'anonymous') return null;
    if (actor === 'uninvited') return state.uninvited;
    if (actor === 'deleted') return state.deleted.account;
    return people[actor].account;
  }

  /** The shared scene: for reads, and for the cells the token check refuses (they change nothing). */
  function sharedScene(actor: Actor): Scene {
    const { deleted, shared } = state;
    return {
      ...shared,
      ownEntry: actor === 'deleted' ? deleted.formerEntry : shared.ownerEntry,
      ownDevice: actor === 'deleted' ? deleted.formerDevice : shared.ownerDevice,
      actor,
      caller: callerOf(actor, state.cast),
      unique: randomUUID().slice(0, 8),
    };
  }

  /** The groups and the other user's entry a row needs, made afresh. */
  async function buildParts(row: Row, people: Cast): Promise<Partial<Pick<Scene, Part>>> {
    const needs = new Set(row.needs ?? []);
    return {
      ...(needs.has('group') ? { group: await buildGroup(people) } : {}),
      ...(needs.has('other') ? { other: await buildOther(state.cast) } : {}),
      ...(needs.has('ownerEntry') ? { ownerEntry: await entryOf(state.cast.owner) } : {}),
      ...(needs.has('ownerDevice') ? { ownerDevice: await deviceOf(state.cast.owner) } : {}),
    };
  }

  /** Per row: the parts its writes that must change nothing share (each is checked to change nothing). */
  const rowParts = new Map<Row, Promise<Partial<Pick<Scene, Part>>>>();

  /**
   * A fresh scene with only the parts the row needs; touching any other part is a mistake in the
   * row. A write that succeeds gets its own; the writes of a row that must change nothing share one.
   */
  async function freshScene(row: Row, actor: Registered): Promise<Scene> {
    const people: Cast = row.freshCaller ? { ...state.cast, [actor]: spares[actor] } : state.cast;
    const cell = row.cells[actor];
    const unchanging = (cell.status >= 400 || cell.unchanged === true) && !row.freshCaller;
    if (unchanging && !rowParts.has(row)) rowParts.set(row, buildParts(row, people));
    const parts: Partial<Pick<Scene, Part>> = {
      ...(unchanging ? await rowParts.get(row) : await buildParts(row, people)),
      ...(row.needs?.includes('ownEntry') ? { ownEntry: await entryOf(people[actor]) } : {}),
      ...(row.needs?.includes('ownDevice') ? { ownDevice: await deviceOf(people[actor]) } : {}),
    };
    const scene = { actor, caller: callerOf(actor, people), unique: randomUUID().slice(0, 8) } as Scene;
    for (const part of ['group', 'other', 'ownEntry', 'ownerEntry', 'ownDevice', 'ownerDevice'] as const) {
      Object.defineProperty(scene, part, {
        enumerable: true,
        get() {
          const value = parts[part];
          if (value === undefined)
            throw new Error(`${row.call} (${row.target}) uses "${part}": add it to needs`);
          return value;
        },
      });
    }
    return scene;
  }

  beforeAll(async () => {
    server = await createTestServer(engine);
    groups = createGroupServices(server.repos);
    pushups = new PushupsService(server.repos, { maxPushupsPerDay: server.config.maxPushupsPerDay });

    // Every emulator account at once; the tier (large enough for a group per cell) one after another,
    // as the first assignment creates the tier and the others find it.
    const roles = [...REGISTERED, 'coAdmin', 'peer', 'owner', 'stranger', 'asker', 'refused'] as const;
    const [people, spare, gone, outsiderOfAll] = await Promise.all([
      Promise.all(roles.map(() => registeredAccount(server))),
      Promise.all(REGISTERED.map(() => registeredAccount(server))),
      registeredAccount(server),
      signUp(),
    ]);
    const admin = new AdminService(server.repos);
    const persons = [...people, ...spare].map(({ account, profile }) => ({
      account,
      profile,
      uuid: profile.uuid,
      username: profile.username,
    }));
    for (const person of persons) {
      expect(await admin.setTier({ kind: 'operator' }, person.account.email, 1000, 20)).toMatchObject({
        target: 'user',
      });
    }
    const cast = Object.fromEntries(roles.map((role, i) => [role, persons[i]])) as Cast;
    spares = Object.fromEntries(
      REGISTERED.map((role, i) => [role, persons[roles.length + i]]),
    ) as typeof spares;

    // The outsider is an admin too, of a group of their own: admin rights do not carry over.
    await groups.groups.create(as(cast.outsider), { name: `Own ${randomUUID().slice(0, 8)}` });

    // The deleted user: had a profile, an entry and a group, then deleted the account.
    const goneUser = { ...gone, uuid: gone.profile.uuid, username: gone.profile.username };
    const formerEntry = await entryOf(goneUser);
    const formerDevice = await deviceOf(goneUser);
    await groups.groups.create(as(goneUser), { name: `Gone ${randomUUID().slice(0, 8)}` });
    const deletion = await send(gone.account, 'DELETE', '/api/users/me');
    expect(deletion.statusCode, deletion.body).toBe(204);

    // The owner shows their totals only; the stranger never turned their profile on.
    const shown = await send(cast.owner.account, 'PUT', '/api/users/public-profile', {
      enabled: true,
      parts: { totals: true, streak: false, records: false, heatmap: false, achievements: false },
    });
    expect(shown.statusCode, shown.body).toBe(200);

    state = {
      cast,
      uninvited: outsiderOfAll,
      deleted: { account: gone.account, formerEntry, formerDevice },
      shared: {
        group: await buildGroup(cast),
        other: await buildOther(cast),
        ownerEntry: await entryOf(cast.owner),
        ownerDevice: await deviceOf(cast.owner),
        profiles: { public: cast.owner.username, private: cast.stranger.username },
      },
    };
  });

  afterAll(async () => {
    await server?.close();
  });

  return {
    server: () => server,
    harness: h,
    state: () => state,
    send,
    sharedScene,
    freshScene,
  };
}
