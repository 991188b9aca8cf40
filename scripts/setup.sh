#!/usr/bin/env bash
# One-time (and cheap to repeat) set-up of a fresh machine: the Debian packages the local stack
# and the tests need, then the npm dependencies from the lock file.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(postgresql-15 postgresql-contrib postgresql-15-pgtap libtap-parser-sourcehandler-pgtap-perl postgresql-15-wal2json postgresql-15-cron chromium chromium-headless-shell)
missing=()
for pkg in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed' || missing+=("$pkg")
done
if ((${#missing[@]})); then
  echo "[setup] installing Debian packages: ${missing[*]}"
  sudo_cmd=()
  if [ "$(id -u)" -ne 0 ]; then sudo_cmd=(sudo); fi
  export DEBIAN_FRONTEND=noninteractive
  "${sudo_cmd[@]}" apt-get update -qq
  "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# pg_net is not packaged for Debian: install the stack's SQL-only stand-in (pg_net's SQL contract;
# the stack performs the requests) where `create extension pg_net` finds it, unless a real pg_net
# is there. `npm start` does the same when it may write there (stack/src/postgres/extensions.ts).
pg_bindir=/usr/lib/postgresql/15/bin
ext_dir="$("$pg_bindir/pg_config" --sharedir)/extension"
if ! [ -f "$ext_dir/pg_net.control" ] || grep -q 'CareCover local stack' "$ext_dir/pg_net.control"; then
  for f in stack/src/postgres/pg_net/*; do
    if ! cmp -s "$f" "$ext_dir/$(basename "$f")"; then
      echo "[setup] installing the pg_net stand-in: $(basename "$f") in $ext_dir"
      sudo_cmd=()
      if [ "$(id -u)" -ne 0 ]; then sudo_cmd=(sudo); fi
      "${sudo_cmd[@]}" install -m 644 "$f" "$ext_dir/"
    fi
  done
fi

# npm ci only when node_modules was not installed from this exact lock file (it reinstalls everything).
stamp=node_modules/.setup-lock-hash
want=$(sha256sum package-lock.json | cut -d' ' -f1)
if [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
  echo "[setup] installing npm dependencies (npm ci)"
  # The registry reachable here lacks the other platforms' builds of a few optional packages
  # (deno, the supabase CLI), so the lock file cannot list them and `npm ci` refuses it as out
  # of sync; `npm install` then installs exactly the locked versions instead.
  if ! npm ci --no-audit --no-fund; then
    echo "[setup] npm ci refused the lock file; installing the locked versions with npm install"
    npm install --no-audit --no-fund
  fi
  echo "$want" > "$stamp"
fi
