#!/usr/bin/env bash
# transmute-server: the container image's entry point (installed on its PATH by the Dockerfile).
#   start            web server and job worker together in one process (the default); an embedded PostgreSQL under
#                    $DATA_DIR/pg when DATABASE_URL is unset; migrations applied first
#   web | worker     one role, against DATABASE_URL (run `migrate` once before)
#   migrate          applies pending migrations under an advisory lock (replicas may all call it)
#   admin <args>     the admin commands (set-plan EMAIL PLAN, verify-email EMAIL, grant-admin EMAIL,
#                    revoke-admin EMAIL, disable EMAIL, enable EMAIL, delete EMAIL, accounts [QUERY])
#   health           exit 0 when this container's role is healthy (the image's HEALTHCHECK)
set -uo pipefail
cd "${TRANSMUTE_APP_DIR:-/app}" || exit 1
source scripts/ports.sh
source scripts/database.sh
export DATA_DIR="${DATA_DIR:-/data}" PORT="${PORT:-3000}"
ROLE_FILE="${TMPDIR:-/tmp}/transmute-role"

need_database_url() {
  [ -n "${DATABASE_URL:-}" ] && return 0
  echo "[transmute-server] $1 needs DATABASE_URL (only \`start\` runs an embedded PostgreSQL)" >&2
  exit 2
}

# A secret generated into one container's /data would differ on every other replica (each with its
# own cookies and presigned URLs): with a shared database or store, APP_SECRET must be given. The
# processes check it too (lib/config), but only here is it known that /data is this container's own,
# so a DATABASE_URL on this host's loopback (--network host) is shared with other containers as well.
need_app_secret() {
  local secret="${APP_SECRET:-}"
  [ -z "${DATABASE_URL:-}" ] && [ -z "${S3_BUCKET:-}" ] && return 0
  [ "${#secret}" -ge 32 ] && return 0
  echo "[transmute-server] APP_SECRET must be set (at least 32 characters) when DATABASE_URL or S3_BUCKET is: every replica signs with it" >&2
  exit 2
}

# Runs the given roles (web, worker) until one ends or a stop signal arrives; the stop signal is
# passed on and their own shutdown (in-flight requests, jobs handed back to the queue) awaited.
run_roles() {
  local pids=() role status stopping=0
  # The services' own environment (scripts/services.env), for these processes only (not the
  # embedded PostgreSQL started before them); what the caller set wins.
  while IFS== read -r key value; do
    [[ "$key" =~ ^[A-Z_][A-Z0-9_]*$ ]] && [ -z "${!key+x}" ] && export "$key=$value"
  done <scripts/services.env
  : >"$ROLE_FILE"
  for role in "$@"; do
    case "$role" in
      web) node dist/server.mjs & ;;
      # The start role: the worker inside the web process (scripts/server.ts), one Node process.
      web+worker) node dist/server.mjs --with-worker & ;;
      # Beside a web process (`run_roles web worker`) the worker's metrics listener takes the next port,
      # as scripts/run-services.sh does: two listeners cannot share one.
      worker)
        if [ $# -gt 1 ] && [ -n "${METRICS_PORT:-}" ]; then
          METRICS_PORT=$((METRICS_PORT + 1)) node dist/worker.mjs &
        else
          node dist/worker.mjs &
        fi
        ;;
    esac
    pids+=($!)
    echo "$role $!" >>"$ROLE_FILE"
  done
  trap 'stopping=1; kill -TERM "${pids[@]}" 2>/dev/null' TERM INT
  wait -n "${pids[@]}"
  status=$?
  kill -TERM "${pids[@]}" 2>/dev/null
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null; done
  stop_database
  [ "$stopping" = 1 ] && return 0
  echo "[transmute-server] a process ended (status $status); stopping" >&2
  return "$status"
}

# GET /api/v1/health through bash's own /dev/tcp: 200 within 4 s (the HEALTHCHECK allows 5). A Node
# process started for each check took 0.19 s of CPU every 10 s, more than the idle service itself.
health_answers_ok() {
  local status
  exec 3<>"/dev/tcp/127.0.0.1/$PORT" || return 1
  printf 'GET /api/v1/health HTTP/1.1\r\nHost: 127.0.0.1:%s\r\nConnection: close\r\n\r\n' "$PORT" >&3
  read -r -t 4 _ status _ <&3
  exec 3<&-
  [ "$status" = 200 ]
}

health() {
  local role pid
  [ -s "$ROLE_FILE" ] || return 1
  while read -r role pid; do
    kill -0 "$pid" 2>/dev/null || return 1
    if [ "$role" != worker ]; then health_answers_ok 2>/dev/null || return 1; fi
  done <"$ROLE_FILE"
}

command="${1:-start}"
[ $# -gt 0 ] && shift
case "$command" in
  start)
    need_app_secret
    mkdir -p "$DATA_DIR"
    # A stop while the database starts or migrates stops the embedded PostgreSQL cleanly too.
    trap 'stop_database; exit 143' TERM INT
    ensure_database "$DATA_DIR/pg" "$EMBEDDED_DB_PORT" || { stop_database; exit 1; }
    run_roles web+worker
    ;;
  web | worker)
    need_database_url "$command"
    need_app_secret
    run_roles "$command"
    ;;
  migrate)
    need_database_url migrate
    exec node dist/migrate.mjs
    ;;
  admin) exec node dist/admin.mjs "$@" ;;
  health) health ;;
  *)
    sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//' >&2
    exit 2
    ;;
esac
