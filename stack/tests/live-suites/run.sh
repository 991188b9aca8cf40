#!/usr/bin/env bash
# Runs supabase-js's own live suites (postgrest-js, auth-js, supabase-js' integration test) against
# a second instance of the local stack that serves their fixtures. Nothing of the monorepo is kept
# in this repository: it is read from a fetched snapshot (MIRROR, a bare git directory) into
# LIVE_DIR. See docs/local-stack.md, "Running supabase-js's own live suites".
#
#   stack/tests/live-suites/run.sh prepare    extract the suites, install their test tools, write the fixture project
#   stack/tests/live-suites/run.sh up         (re)start the second stack on the LIVE_* ports, fixtures freshly loaded
#   stack/tests/live-suites/run.sh postgrest|auth|supabase   run one suite (jest), summary in LIVE_DIR/results
#   stack/tests/live-suites/run.sh down       stop the second stack
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
HERE="$ROOT/stack/tests/live-suites"
MIRROR="${MIRROR:-/work/.mirror/supabase+supabase-js/repo}"
LIVE_DIR="${LIVE_DIR:-/tmp/live-suites}"
SJS="$LIVE_DIR/sjs"
PROJECT="$LIVE_DIR/project"
RESULTS="$LIVE_DIR/results"

# The second stack: its own ports and state folder, never the defaults nor a first stack's (so
# LIVE_* variables move them, never an inherited STACK_*: `up` resets that folder's database).
export STACK_STATE_DIR="${LIVE_STATE_DIR:-/tmp/live-stack}"
export STACK_API_PORT="${LIVE_API_PORT:-58321}"
export STACK_DB_PORT="${LIVE_DB_PORT:-58322}"
export STACK_MAIL_PORT="${LIVE_MAIL_PORT:-58324}"
export STACK_SMTP_PORT="${LIVE_SMTP_PORT:-58325}"
export STACK_STANDINS_PORT="${LIVE_STANDINS_PORT:-58390}"
export STACK_APP_PORT="${LIVE_APP_PORT:-58173}"
export STACK_STAFF_APP_PORT="${LIVE_STAFF_APP_PORT:-58174}"
export STACK_WORKDIR="$PROJECT"
export STACK_FUNCTIONS_DIR="$PROJECT/supabase/functions"

prepare() {
  rm -rf "$SJS" && mkdir -p "$SJS" "$RESULTS"
  git --git-dir="$MIRROR" archive HEAD packages/core packages/shared tsconfig.base.json | tar -x -C "$SJS"
  git --git-dir="$MIRROR" log -1 --format='%H %cI' >"$LIVE_DIR/monorepo-commit"

  # The suites' test tools, at the versions the monorepo's pnpm catalog pins.
  if [ ! -d "$LIVE_DIR/tools/node_modules/jest" ]; then
    mkdir -p "$LIVE_DIR/tools"
    (cd "$LIVE_DIR/tools" && echo '{"private":true}' >package.json && npm install --no-audit --no-fund --silent \
      jest@30.4.2 ts-jest@29.4.9 @jest/types@30 @jest/globals@30 @types/jest@30.0.0 typescript@5.8.3 prettier@3.6.2 \
      @types/node@20.19.9 tslib@2.8.1 zod@3.25.76 type-fest@4 jsonwebtoken@9 @types/jsonwebtoken@8.5.9 ws@8 \
      @opentelemetry/api@1.9.0 @opentelemetry/context-async-hooks@2 @opentelemetry/core@2 @opentelemetry/sdk-trace-node@2 \
      @faker-js/faker@9 jest-mock-server@0.1.0 jest-environment-jsdom@30.4.1 @supabase/phoenix@0.4.5 iceberg-js@0.8 base64-arraybuffer@1)
  fi
  ln -sfn "$LIVE_DIR/tools/node_modules" "$SJS/node_modules"

  # Every suite talks to `supabase start`'s fixed URL; point it at the second stack.
  grep -rlE '(localhost|127\.0\.0\.1):54321' "$SJS/packages/core" --include='*.ts' |
    xargs sed -i -E "s#(localhost|127\.0\.0\.1):54321#127.0.0.1:$STACK_API_PORT#g"
  # auth-js signs its keys with an RS256 pair the CLI generates (signing_keys.json); the stack uses
  # the standard local HS256 keys, which `supabase start` also prints.
  node "$HERE/patch-auth-clients.cjs" "$SJS/packages/core/auth-js/test/lib/clients.ts"

  # The fixture project: this project's config.toml (its auth settings are the hosted project's
  # defaults under test) with the suites' exposed schemas, and the suites' migrations and seeds.
  rm -rf "$PROJECT" && mkdir -p "$PROJECT/supabase/migrations" "$PROJECT/supabase/functions"
  cp -r "$ROOT/supabase/templates" "$PROJECT/supabase/templates"
  sed -E 's/^schemas = .*/schemas = ["public", "personal", "graphql_public"]/' "$ROOT/supabase/config.toml" |
    awk '/^\[functions\./{skip=1} /^\[/{if($0 !~ /^\[functions\./) skip=0} !skip' >"$PROJECT/supabase/config.toml"
  local pg="$SJS/packages/core/postgrest-js/test/supabase"
  # PostGIS is not installed on this machine: the one table that uses it keeps a plain column.
  sed -E -e '/create extension if not exists postgis/d' -e 's/extensions\.geometry\(POINT, 4326\)/text/' \
    "$pg/migrations/00000000000000_schema.sql" >"$PROJECT/supabase/migrations/20000101000000_postgrest_js.sql"
  local sj="$SJS/packages/core/supabase-js/supabase"
  cp "$sj/migrations/20250422000000_create_todos_table.sql" "$PROJECT/supabase/migrations/"
  # Its realtime policies need the realtime schema, which the stack's gateway creates when it starts
  # (after migrations): `up` applies them then.
  cp "$sj/migrations/20250423000000_realtime_rls_setup.sql" "$PROJECT/after-up.sql"
  cp "$sj/migrations/20260731000000_trace_headers_echo_fn.sql" "$PROJECT/supabase/migrations/"
  cat "$pg/seed.sql" "$sj/seed/seed_todos.sql" >"$PROJECT/supabase/seed.sql"
  for fn in hello echo status; do cp -r "$sj/functions/$fn" "$PROJECT/supabase/functions/"; done
  printf '\n[functions.hello]\nverify_jwt = false\n[functions.echo]\nverify_jwt = false\n[functions.status]\nverify_jwt = false\n' \
    >>"$PROJECT/supabase/config.toml"
}

run_jest() {
  local name="$1" pkg="$2"
  shift 2
  mkdir -p "$RESULTS"
  (cd "$SJS/packages/core/$pkg" &&
    node "$SJS/node_modules/jest/bin/jest.js" --config "$HERE/jest.config.cjs" --rootDir . --runInBand \
      --json --outputFile="$RESULTS/$name.json" "$@" >"$RESULTS/$name.log" 2>&1) || true
  node "$HERE/summarize.cjs" "$RESULTS/$name.json" "$HERE/not-applicable.json" "$name"
}

case "${1:-}" in
  prepare) prepare ;;
  up)
    # --reset: every run starts from the fixtures as loaded, as the suites' own `supabase db reset`.
    (cd "$ROOT" && node --import tsx stack/src/cli.ts up --reset --no-warm-up)
    psql "postgresql://postgres:postgres@127.0.0.1:$STACK_DB_PORT/postgres" -q -v ON_ERROR_STOP=0 -f "$PROJECT/after-up.sql"
    ;;
  down) (cd "$ROOT" && node --import tsx stack/src/cli.ts down) ;;
  postgrest)
    run_jest postgrest-js postgrest-js test/basic.test.ts test/advanced_rpc.test.ts test/embeded_functions_join.test.ts \
      test/filters.test.ts test/max-affected.test.ts \
      test/relationships-aggregate-operations.test.ts test/relationships-error-handling.test.ts \
      test/relationships-join-operations.test.ts test/relationships-spread-operations.test.ts \
      test/relationships.test.ts test/resource-embedding.test.ts test/rpc.test.ts test/transforms.test.ts
    ;;
  auth) run_jest auth-js auth-js test/GoTrueApi.test.ts test/GoTrueClient.test.ts test/GoTrueClient.pkce.test.ts ;;
  supabase) run_jest supabase-js supabase-js test/integration.test.ts ;;
  *)
    echo "usage: $0 prepare|up|postgrest|auth|supabase|down" >&2
    exit 2
    ;;
esac
