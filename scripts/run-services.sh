#!/usr/bin/env bash
# Runs the built web server and the job worker together until interrupted (DATABASE_URL set), as
# plain `node` on the JavaScript scripts/build-if-needed.sh compiled into dist/ (no tsx at run time).
set -uo pipefail
cd "$(dirname "$0")/.."
PORT="${PORT:-3000}"
export NEXT_TELEMETRY_DISABLED=1
# The services' own environment (scripts/services.env); what the caller set wins.
while IFS== read -r key value; do
  [[ "$key" =~ ^[A-Z_][A-Z0-9_]*$ ]] && [ -z "${!key+x}" ] && export "$key=$value"
done < scripts/services.env
for entry in dist/server.mjs dist/worker.mjs; do
  [ -f "$entry" ] || { echo "[services] $entry is missing: run scripts/start.sh (it builds)" >&2; exit 1; }
done
PORT="$PORT" node dist/server.mjs &
WEB=$!
# Each process listens on a metrics port of its own: the worker takes the next one.
METRICS_PORT="${METRICS_PORT:+$((METRICS_PORT + 1))}" node dist/worker.mjs &
WORKER=$!
trap 'kill -TERM $WEB $WORKER 2>/dev/null; wait $WEB $WORKER 2>/dev/null; exit 0' INT TERM
wait -n $WEB $WORKER
status=$?
kill -TERM $WEB $WORKER 2>/dev/null
wait 2>/dev/null
exit $status
