/**
 * The authorization matrix's disabled-account column (docs/security.md, "Operators"): an account an
 * operator disabled is refused by every signed-in call, with the same answer, before the call reads
 * its input or anything of the account's data. Every documented route is walked, so a route added
 * later is held to it too.
 */
import { MESSAGES } from '@pushup/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentedRoutes, type Route } from '../bad-input/routes';
import {
  bearer,
  createTestServer,
  registeredAccount,
  ruleEngines,
  type TestAccount,
  type TestServer,
} from '../helpers';

/** A value for each path parameter: the refusal must come before it is looked at. */
const PLACEHOLDER = '00000000-0000-4000-8000-000000000000';

for (const engine of ruleEngines) {
  describe(`a disabled account on ${engine}`, () => {
    let server: TestServer;
    let account: TestAccount;
    let routes: Route[];

    beforeAll(async () => {
      server = await createTestServer(engine);
      const registered = await registeredAccount(server);
      account = registered.account;
      routes = (await documentedRoutes(server.app)).filter((route) => route.authenticated);
      expect(await server.repos.users.setDisabled(registered.profile.uuid, new Date().toISOString())).toBe(
        true,
      );
    });

    afterAll(async () => {
      await server?.close();
    });

    it('is refused by every signed-in call with 403 and the disabled message', async () => {
      expect(routes.length).toBeGreaterThan(50);
      const answers: string[] = [];
      for (const route of routes) {
        const url = route.path.replace(/\{\w+\}/g, PLACEHOLDER);
        const response = await server.app.inject({
          method: route.method,
          url,
          headers: bearer(account),
          ...(route.body ? { payload: {} } : {}),
        });
        const answer = response.statusCode === 403 ? response.json<{ message: string }>().message : '';
        answers.push(`${route.method} ${route.path}: ${response.statusCode} ${answer}`);
      }
      const expected = routes.map(
        (route) => `${route.method} ${route.path}: 403 ${MESSAGES.serverAccountDisabled}`,
      );
      expect(answers).toEqual(expected);
    });
  });
}
