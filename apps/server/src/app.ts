import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyLoggerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { IdentityProvider } from './auth/identity';
import { type Config, instanceSettings } from './config/env';
import { DEFAULT_WEB_ROOT } from './config/paths';
import { resolveVapidKeys } from './config/vapid-keys';
import type { DbHandle } from './db/client';
import { AppMetrics } from './metrics/app-metrics';
import { registerMetrics } from './metrics/metrics-endpoints';
import { registerAuthHook } from './plugins/auth';
import { registerErrorHandler } from './plugins/error-handler';
import { registerLocalMode } from './plugins/local-mode';
import { registerRateLimits } from './plugins/rate-limits';
import { docsContentSecurityPolicy, registerSecurity } from './plugins/security';
import { registerWeb } from './plugins/web';
import { createReads } from './reads';
import { createRepositories, TransactionCounter } from './repositories';
import { accountDataRoutes } from './routes/account-data.routes';
import { adminInstanceRoutes } from './routes/admin-instance.routes';
import { adminAccessRoutes, adminUsersRoutes } from './routes/admin-users.routes';
import { challengesRoutes } from './routes/challenges.routes';
import { groupsRoutes, publicGroupsRoutes } from './routes/groups.routes';
import { habitsRoutes } from './routes/habits.routes';
import { healthRoutes } from './routes/health.routes';
import { invitesRoutes, publicInvitesRoutes } from './routes/invites.routes';
import { joinRequestsRoutes } from './routes/join-requests.routes';
import { membershipsRoutes } from './routes/memberships.routes';
import { plansRoutes } from './routes/plans.routes';
import { publicProfileRoutes, publicProfileSettingsRoutes } from './routes/public-profile.routes';
import { pushupsRoutes } from './routes/pushups.routes';
import { remindersRoutes } from './routes/reminders.routes';
import { publicShareCardsRoutes, shareCardsRoutes } from './routes/share-cards.routes';
import { usersRoutes } from './routes/users.routes';
import { AccountDataService } from './services/account-data/account-data.service';
import { ChallengeTick } from './services/challenges/challenge-tick';
import { ChallengesService } from './services/challenges/challenges.service';
import { CheersService } from './services/challenges/cheers.service';
import { GROUP_PUSH_TOPIC, GroupPush } from './services/challenges/group-push';
import { createGroupServices } from './services/groups/group-services';
import { currentStreakDays, HabitsService } from './services/habits/habits.service';
import { HealthService } from './services/health/health.service';
import { AuditRetention } from './services/operators/audit-retention';
import { InstanceService } from './services/operators/instance.service';
import { OperatorsService } from './services/operators/operators.service';
import { TiersService } from './services/operators/tiers.service';
import { PlansService } from './services/plans/plans.service';
import { WorkoutsService } from './services/plans/workouts.service';
import { PublicProfileService } from './services/public-profile/public-profile.service';
import { PushupsService } from './services/pushups/pushups.service';
import { DueReminders } from './services/reminders/due-reminders';
import type { HostResolver } from './services/reminders/push-address';
import { createWebPushSender } from './services/reminders/push-sender';
import { type Clock, systemClock } from './services/reminders/reminder-context';
import { REMINDER_TAG, REMINDER_TTL_SECONDS } from './services/reminders/reminder-payload';
import { ReminderPush } from './services/reminders/reminder-push';
import { ReminderScheduler } from './services/reminders/reminder-scheduler';
import { RemindersService } from './services/reminders/reminders.service';
import { ShareCardsService } from './services/share-cards/share-cards.service';
import { AdminUsersService } from './services/users/admin-users.service';
import { UsersService } from './services/users/users.service';

export interface AppDeps {
  config: Config;
  db: DbHandle;
  identity: IdentityProvider;
  /** The built web app; defaults to apps/web/dist. null: no web app (503 page). */
  webRoot?: string | null;
  /** false silences the request log (tests). */
  logger?: boolean;
  /** Where the log goes instead of stdout (a test reading what was logged). */
  logStream?: FastifyLoggerOptions['stream'];
  /** The reminders' clock (tests move it instead of waiting). */
  clock?: Clock;
  /** How push services' host names resolve (default: the system's resolver; tests give a table). */
  resolveHost?: HostResolver;
  /** Local mode: host:port of the Auth Emulator that gets the web SDK's calls (default: from config). */
  authEmulatorHost?: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends the due reminders every REMINDER_INTERVAL_SECONDS from ready to close (decision 020). */
    reminderScheduler: ReminderScheduler;
    /** Liveness and readiness; main.ts tells it when the shutdown begins (docs/operations.md, "Health"). */
    health: HealthService;
    /** This app's metrics (docs/operations.md, "Metrics"). */
    metrics: AppMetrics;
  }
}

const REQUEST_ID = /^[\w.:-]{1,128}$/;

/** An incoming x-request-id (from a proxy) when it is sane, else a fresh one. */
function requestId(request: IncomingMessage): string {
  const incoming = request.headers['x-request-id'];
  return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/** The whole HTTP application, without listening: main.ts and the tests both build it here. */
/**
 * TRUST_PROXY as Fastify takes it. A hop count becomes "the first n hops": Fastify itself ignores a
 * bare number, since it cannot tell whether the closest peer is a proxy; the operator who sets one
 * says it is (docs/security.md, "Proxies").
 */
function trustedHops(
  trust: Config['trustProxy'],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db, identity } = deps;
  const app = Fastify({
    logger:
      deps.logger === false
        ? false
        : { level: config.logLevel, ...(deps.logStream ? { stream: deps.logStream } : {}) },
    genReqId: requestId,
    // Only the hops the operator named: with `true`, a client's own X-Forwarded-For would pick the
    // address every per-address limit counts (docs/security.md, "Proxies").
    trustProxy: trustedHops(config.trustProxy),
    bodyLimit: 64 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  const transactions = new TransactionCounter();
  const metrics = new AppMetrics({
    ...(db.poolUse ? { pool: db.poolUse } : {}),
    transactionsInFlight: () => transactions.inFlight,
  });
  app.decorate('metrics', metrics);
  // Before every other route and scope, so that each request is counted, a refused one included.
  await registerMetrics(app, metrics, { token: config.metricsToken, port: config.metricsPort });
  await registerSecurity(app, config);
  if (config.mode === 'local') {
    await registerLocalMode(app, { config, emulatorHost: deps.authEmulatorHost });
  }

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Pushup Tracker API', version: '1.0.0' },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    // Swagger UI's own policy (it needs its inline scripts' hashes) instead of the app's.
    staticCSP: true,
    transformStaticCSP: (header) => docsContentSecurityPolicy(header, config),
  });

  const repos = createRepositories(db, transactions);
  const users = new UsersService(repos, identity);
  const pushups = new PushupsService(repos, { maxPushupsPerDay: config.maxPushupsPerDay, metrics });
  const groupServices = createGroupServices(repos);
  const habits = new HabitsService(repos);
  const data = new AccountDataService(repos, { maxPushupsPerDay: config.maxPushupsPerDay, metrics });
  const plans = new PlansService(repos);
  const workouts = new WorkoutsService(repos, { maxPushupsPerDay: config.maxPushupsPerDay, metrics });
  const operators = new OperatorsService(repos, config.adminEmails);
  const vapid = resolveVapidKeys(config);
  if (!vapid)
    app.log.warn('No VAPID keys (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT): no reminders');
  const clock = deps.clock ?? systemClock;
  const reads = createReads(repos, transactions, clock, metrics);
  // Where pushes may go: public push services; local mode, a push service on loopback too.
  const pushAddresses = {
    local: config.allowHttpPushEndpoints,
    ...(deps.resolveHost ? { resolve: deps.resolveHost } : {}),
  };
  const push = vapid
    ? new ReminderPush(
        repos,
        createWebPushSender({
          vapid,
          ttlSeconds: REMINDER_TTL_SECONDS,
          topic: REMINDER_TAG,
          timeoutMs: 10_000,
          addresses: pushAddresses,
        }),
        currentStreakDays,
        clock,
        app.log,
        metrics,
      )
    : null;
  // The groups' pushes (a challenge's start and end, a cheer) go under a topic of their own, so that
  // neither they nor the daily reminder replace the other on a device that has not received it yet.
  const groupPush = vapid
    ? new GroupPush(
        repos,
        createWebPushSender({
          vapid,
          ttlSeconds: REMINDER_TTL_SECONDS,
          topic: GROUP_PUSH_TOPIC,
          timeoutMs: 10_000,
          addresses: pushAddresses,
        }),
        app.log,
        metrics,
      )
    : null;
  const challenges = new ChallengesService(repos, clock);
  const cheers = new CheersService(repos, clock, groupPush);
  const challengeTick = new ChallengeTick(repos, groupPush, clock, app.log);
  const reminders = new RemindersService(repos, {
    vapidPublicKey: vapid?.publicKey ?? null,
    push,
    addresses: pushAddresses,
    clock,
    metrics,
  });
  // In the API process: started once the app is ready, stopped (its tick finished) when it closes,
  // which main.ts does before it closes the database.
  const dueReminders = new DueReminders(repos, push, clock);
  const auditRetention = new AuditRetention(repos, config.auditRetentionDays, clock);
  const scheduler = new ReminderScheduler(
    {
      // The challenges' results and pushes ride on the same loop; their failure never stops the reminders.
      async tick() {
        await challengeTick
          .tick()
          .catch((error: unknown) => app.log.error({ err: error }, 'challenges tick failed'));
        // The audit trail's retention, at most daily (docs/security.md, "Audit trail").
        await auditRetention
          .tick()
          .catch((error: unknown) => app.log.error({ err: error }, 'audit retention failed'));
        return metrics.reminderTick(dueReminders.tick());
      },
    },
    config.reminderIntervalMs,
    app.log,
  );
  app.decorate('reminderScheduler', scheduler);
  app.addHook('onReady', async () => scheduler.start());
  app.addHook('onClose', async () => scheduler.stop());
  // Test sends' pushes outlive their answers: each ends within its time-out, before the database closes.
  app.addHook('onClose', async () => push?.settled());
  app.addHook('onClose', async () => groupPush?.settled());

  const shareCards = new ShareCardsService(metrics.cache('share_pictures'));
  const health = new HealthService(repos, () => identity.reachable());
  app.decorate('health', health);
  // Fastify answers 503 to anything once closing; readiness says so from the first moment too.
  app.addHook('preClose', async () => health.beginShutdown());
  await app.register(healthRoutes, { health });
  // The public calls beside health and docs (an invite link's preview, a share link's group): no
  // token, but the per-address limits.
  await app.register(
    async (open) => {
      if (config.rateLimits) await registerRateLimits(open);
      await open.register(publicInvitesRoutes, groupServices);
      await open.register(publicGroupsRoutes, groupServices);
      await open.register(publicShareCardsRoutes, {
        shareCards,
        publicProfile: (username: string) => reads.publicProfile.read(username),
      });
      await open.register(publicProfileRoutes, { reads });
    },
    { prefix: '/api' },
  );
  // Everything else under /api needs a bearer token (and an invite when the platform is invite-only).
  await app.register(
    async (api) => {
      // Before the auth hook: a flood from one address is refused before any token is checked.
      if (config.rateLimits) await registerRateLimits(api);
      registerAuthHook(api, {
        identity,
        users,
        inviteOnly: config.inviteOnly,
        requireVerifiedEmail: config.requireVerifiedEmail,
      });
      await api.register(usersRoutes, { users });
      await api.register(pushupsRoutes, { pushups, reads });
      await api.register(groupsRoutes, { ...groupServices, reads });
      await api.register(membershipsRoutes, groupServices);
      await api.register(joinRequestsRoutes, groupServices);
      await api.register(invitesRoutes, groupServices);
      await api.register(habitsRoutes, { habits, reads });
      await api.register(remindersRoutes, { reminders });
      await api.register(accountDataRoutes, { data });
      await api.register(challengesRoutes, { challenges, cheers, reads });
      await api.register(plansRoutes, { plans, workouts, reads });
      const adminUsersDeps = { operators, adminUsers: new AdminUsersService(repos, users, identity) };
      await api.register(adminAccessRoutes, adminUsersDeps);
      await api.register(adminUsersRoutes, adminUsersDeps);
      await api.register(adminInstanceRoutes, {
        operators,
        groups: groupServices.groups,
        instance: new InstanceService(repos),
        tiers: new TiersService(repos),
      });
      await api.register(shareCardsRoutes, { shareCards, users, reads });
      await api.register(publicProfileSettingsRoutes, { publicProfiles: new PublicProfileService(repos) });
    },
    { prefix: '/api' },
  );

  await registerWeb(app, {
    webRoot: deps.webRoot === undefined ? DEFAULT_WEB_ROOT : deps.webRoot,
    firebaseWebConfig: config.firebaseWebConfig,
    instanceSettings: instanceSettings(config),
    publicProfile: (username) => reads.publicProfile.read(username),
  });
  return app;
}
