/**
 * The import boundaries of docs/ARCHITECTURE.md, checked on every `npm test` (npm run lint:deps).
 * Type-only imports count: a boundary is about what a file knows, not only what it runs.
 */
const server = '^apps/server/src/';
const web = '^apps/web/src/';

module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      comment: 'An import cycle ties two modules into one: split out what both need.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'shared-stands-alone',
      comment: 'packages/shared is used by both apps and depends on zod only.',
      severity: 'error',
      from: { path: '^packages/shared/' },
      to: { pathNot: ['^packages/shared/', 'node_modules/zod/'] },
    },
    {
      name: 'apps-apart',
      comment: 'The web app and the server meet only in packages/shared.',
      severity: 'error',
      from: { path: '^apps/(web|server)/' },
      to: { path: '^(apps|e2e)/', pathNot: '^apps/$1/' },
    },
    {
      name: 'feature-to-feature',
      comment: 'A feature never imports another feature: pages in src/app combine them.',
      severity: 'error',
      from: { path: `${web}features/([^/]+)/` },
      to: { path: `${web}features/`, pathNot: `${web}features/$1/` },
    },
    {
      name: 'feature-to-app',
      comment: 'Features are assembled by src/app, never the other way round.',
      severity: 'error',
      from: { path: `${web}features/` },
      to: { path: `${web}app/` },
    },
    {
      name: 'shared-web-code-to-feature',
      comment: 'src/components and src/lib serve every feature, so they import none.',
      severity: 'error',
      from: { path: `${web}(components|lib|config)/` },
      to: { path: `${web}(features|app)/` },
    },
    {
      name: 'routes-through-services',
      comment: 'A route calls its service; only repositories build queries.',
      severity: 'error',
      from: { path: `${server}routes/` },
      to: { path: `${server}(repositories|db)/` },
    },
    {
      name: 'services-without-db',
      comment: 'Services hold the rules and reach the database only through repositories.',
      severity: 'error',
      from: { path: `${server}services/` },
      to: { path: `${server}(db|routes|plugins)/` },
    },
    {
      name: 'services-without-read-caches',
      comment: 'Services hold the rules; the cached reads (reads/) are built on them, never the other way.',
      severity: 'error',
      from: { path: `${server}services/` },
      to: { path: `${server}reads/` },
    },
    {
      name: 'reads-without-http-or-db',
      comment:
        'Cached reads use repositories and the rules of services, never the database or HTTP directly.',
      severity: 'error',
      from: { path: `${server}reads/` },
      to: { path: `${server}(db|routes|plugins)/` },
    },
    {
      name: 'repositories-below-services',
      comment: 'Repositories know tables, not rules or HTTP.',
      severity: 'error',
      from: { path: `${server}repositories/` },
      to: { path: `${server}(services|reads|routes|plugins)/` },
    },
    {
      name: 'db-below-repositories',
      comment: 'The database layer (client, schema, migrations, tools) never reaches up.',
      severity: 'error',
      from: { path: `${server}db/` },
      to: { path: `${server}(repositories|services|routes|plugins)/` },
    },
    {
      name: 'migrations-are-frozen',
      comment: 'A migration is history: it imports nothing that can change after it ran.',
      severity: 'error',
      from: { path: `${server}db/migrations/` },
      to: { path: '^(apps|packages)/', pathNot: `${server}db/migrations/` },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|coverage|node_modules)/' },
    tsPreCompilationDeps: true,
    // The web app's tsconfig adds its `@/` alias for src/ to the base options every workspace shares.
    tsConfig: { fileName: `${__dirname}/apps/web/tsconfig.json` },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
