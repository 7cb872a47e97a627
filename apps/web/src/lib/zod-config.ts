/**
 * Zod compiles object parsers with `new Function()` where it may, and finds out by trying once when
 * the first object schema is made: an eval the Content-Security-Policy refuses and reports as a
 * violation. The browser parses little, so it does without. Zod reads its settings from this global
 * when it loads (zod/v4/core, `globalConfig`), so setting it costs /login no zod code; it must run
 * before any schema of @pushup/shared exists, so main.tsx and sw.ts import it first.
 * test/zod-config.test.ts checks that zod still reads it.
 */
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };
