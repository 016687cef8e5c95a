#!/usr/bin/env bash
# Runs the built web server and the job worker together until interrupted (DATABASE_URL set), as
# plain `node` on the JavaScript scripts/build-if-needed.sh compiled into dist/ (no tsx at run time).
# One Node process runs both (scripts/server.ts --with-worker): a second would cost about 90 MB idle
# (bench/RESULTS.md). Scale-out runs them apart (`node dist/server.mjs`, `node dist/worker.mjs`).
set -uo pipefail
cd "$(dirname "$0")/.."
PORT="${PORT:-3000}"
export NEXT_TELEMETRY_DISABLED=1
# The services' own environment (scripts/services.env); what the caller set wins.
while IFS== read -r key value; do
  [[ "$key" =~ ^[A-Z_][A-Z0-9_]*$ ]] && [ -z "${!key+x}" ] && export "$key=$value"
done < scripts/services.env
[ -f dist/server.mjs ] || { echo "[services] dist/server.mjs is missing: run scripts/start.sh (it builds)" >&2; exit 1; }
# The worker's metrics are the web process's own: one registry, served on PORT and on METRICS_PORT.
PORT="$PORT" node dist/server.mjs --with-worker &
SERVICE=$!
# A stop lets the web server finish its requests and the worker its jobs (or hand them back).
trap 'kill -TERM $SERVICE 2>/dev/null; wait $SERVICE 2>/dev/null; exit 0' INT TERM
wait $SERVICE
