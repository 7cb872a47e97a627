#!/usr/bin/env bash
# `npm run test:full`, the whole tier (docs/testing.md, "Tiers"): what `npm test` runs, with every
# server suite on both engines and every page state checked by axe at both widths and in both
# themes, on the machine's Node and then again on Node 24 LTS (scripts/node24.sh). For a change to
# an engine, a migration, the runtime or a native addon. It needs the PostgreSQL of
# TEST_DATABASE_URL, whose role may create databases.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${TEST_DATABASE_URL:-}" ]; then
  echo "test:full runs every suite on PostgreSQL too: set TEST_DATABASE_URL (docs/testing.md, \"Engines\")" >&2
  exit 1
fi
export TEST_TIER=full
npm test
echo "== again on Node 24"
scripts/node24.sh run .tmp/node24 npm test
