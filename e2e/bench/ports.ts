// Imported first by web.ts, before anything reads support/env.ts: the bench's server gets ports and a
// data directory of its own, so it runs next to the browser suite (8180) and `npm start` (8080).
process.env.E2E_PORT = process.env.BENCH_WEB_PORT ?? '8280';
process.env.E2E_AUTH_EMULATOR_PORT = process.env.BENCH_WEB_AUTH_EMULATOR_PORT ?? '9399';
