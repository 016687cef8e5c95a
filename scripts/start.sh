#!/usr/bin/env bash
# Starts Transmute on http://localhost:${PORT:-3000}: web server and job worker, until interrupted.
# Installs what is missing first; a second run reuses everything and starts in seconds.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh || { echo "[start] setup failed (see above); nothing was started" >&2; exit 1; }
source scripts/node-env.sh
source scripts/database.sh
source scripts/build-if-needed.sh
compile_scripts || exit 1
export DATA_DIR="${DATA_DIR:-$PWD/.data}"
ensure_database "$DATA_DIR/pg" "$EMBEDDED_DB_PORT"
trap stop_database EXIT
build_if_needed
echo "[start] Transmute on http://localhost:${PORT:-3000}"
bash scripts/run-services.sh &
SERVICES=$!
# Ctrl-C or a TERM to this script stops the web server and the worker before the database.
trap 'kill -TERM $SERVICES 2>/dev/null' INT TERM
wait $SERVICES || true
wait $SERVICES 2>/dev/null || true
