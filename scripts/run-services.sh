#!/usr/bin/env bash
# Runs the built web server and the job worker together until interrupted (DATABASE_URL set).
set -uo pipefail
cd "$(dirname "$0")/.."
PORT="${PORT:-3000}"
export NEXT_TELEMETRY_DISABLED=1
# tsx directly (not npx) so the signals below reach the servers.
PORT="$PORT" node_modules/.bin/tsx scripts/server.ts &
WEB=$!
node_modules/.bin/tsx scripts/worker.ts &
WORKER=$!
trap 'kill -TERM $WEB $WORKER 2>/dev/null; wait $WEB $WORKER 2>/dev/null; exit 0' INT TERM
wait -n $WEB $WORKER
status=$?
kill -TERM $WEB $WORKER 2>/dev/null
wait 2>/dev/null
exit $status
