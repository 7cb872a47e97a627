#!/usr/bin/env bash
# The first step of `npm test`: make sure what the tests need beyond npm is on this machine.
# Installs a missing piece where it can (root with apt-get); otherwise stops at once with one line
# that says what to install. Silent and fast when everything is there.
set -euo pipefail

as_root_with_apt() { [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; }

apt_install() {
  echo "preflight: installing $* from Debian (once)"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "$@" >/dev/null
}

# The browser tests drive Debian's Chromium (never a downloaded browser).
if [ ! -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then
  if as_root_with_apt; then
    apt_install chromium
  else
    echo "preflight: the browser tests need Debian's Chromium: run 'sudo apt-get install -y chromium'" >&2
    exit 1
  fi
fi

# PostgreSQL is the second engine: used when TEST_DATABASE_URL is set, and then it must answer.
if [ -z "${TEST_DATABASE_URL:-}" ]; then
  echo "preflight: TEST_DATABASE_URL is not set, so the server tests run on SQLite only (see README, Testing)"
  exit 0
fi

answers() {
  node -e '
    const url = new URL(process.env.TEST_DATABASE_URL);
    const socket = require("node:net").connect(Number(url.port || 5432), url.hostname || "127.0.0.1");
    socket.setTimeout(2000, () => process.exit(1));
    socket.on("connect", () => process.exit(0));
    socket.on("error", () => process.exit(1));'
}

if ! answers; then
  local_host=$(node -e 'const h = new URL(process.env.TEST_DATABASE_URL).hostname; console.log(["localhost", "127.0.0.1", "::1", "[::1]", ""].includes(h) ? "yes" : "no")')
  if [ "$local_host" = yes ] && as_root_with_apt; then
    [ -x /usr/lib/postgresql/15/bin/postgres ] || apt_install postgresql
    if ! pg_ctlcluster 15 main status >/dev/null 2>&1; then
      echo "preflight: starting PostgreSQL"
      pg_ctlcluster 15 main start >/dev/null 2>&1 || true
      for _ in $(seq 1 20); do answers && break; sleep 0.5; done
    fi
  fi
  if ! answers; then
    echo "preflight: TEST_DATABASE_URL is set but PostgreSQL does not answer there: start it, or unset TEST_DATABASE_URL to test on SQLite only" >&2
    exit 1
  fi
fi
