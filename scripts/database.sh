#!/usr/bin/env bash
# Sourced: `ensure_database <pgDir> <port> [--disposable]` exports DATABASE_URL. With DATABASE_URL
# already set that server is used; otherwise an embedded PostgreSQL is started (stopped by
# `stop_database`), with --disposable one whose commits do not wait for the disk (the tests').
# Then migrations are applied (scripts/migrate.ts: `prisma migrate deploy` under an advisory lock),
# and the URL is recorded in $DATA_DIR/database-url (read by scripts/database-url.ts) for admin.
EMBEDDED_DB_PID=""

ensure_database() {
  local dir="$1" port="$2" disposable=("${@:3}")
  if [ -z "${DATABASE_URL:-}" ]; then
    mkdir -p "$(dirname "$dir")"
    local log="$dir.log"
    # A port taken by something else (another checkout's database) moves us to the next free one.
    while (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; do port=$((port + 1)); done
    # node directly (not npx) so that stop_database's signal reaches it and it stops PostgreSQL;
    # dist/ is compiled by compile_scripts (scripts/build-if-needed.sh).
    node dist/embedded-db.mjs "$dir" "$port" "${disposable[@]}" >"$log" 2>&1 &
    EMBEDDED_DB_PID=$!
    # Two minutes: a recovery after a crash replays what was written since the last checkpoint.
    local wait_s=120
    for _ in $(seq 1 $((wait_s * 2))); do
      if grep -q '^READY ' "$log" 2>/dev/null; then break; fi
      if ! kill -0 "$EMBEDDED_DB_PID" 2>/dev/null; then cat "$log"; echo "[db] embedded PostgreSQL failed to start" >&2; return 1; fi
      sleep 0.5
    done
    DATABASE_URL="$(sed -n 's/^READY //p' "$log" | head -1)"
    if [ -z "$DATABASE_URL" ]; then
      cat "$log"
      echo "[db] embedded PostgreSQL did not accept connections within $wait_s s (its log is above); stopping it" >&2
      stop_database
      return 1
    fi
    export DATABASE_URL
    echo "[db] embedded PostgreSQL on port $port (data in $dir)"
  fi
  record_database_url || return 1
  # The embedded database remembers which migrations it has (the stamp lives inside its data
  # folder, so a new folder starts over): a restart with nothing new skips Prisma's ~10 s run.
  local wanted stamp=""
  wanted="$(ls prisma/migrations | sort | tr '\n' ' ')"
  [ -n "$EMBEDDED_DB_PID" ] && stamp="$dir/.transmute-migrations"
  if [ -n "$stamp" ] && [ "$(cat "$stamp" 2>/dev/null)" = "$wanted" ]; then
    echo "[db] migrations up to date"
    return 0
  fi
  local out
  if ! out=$(node dist/migrate.mjs 2>&1); then
    echo "$out" >&2
    echo "[db] migrations failed" >&2
    return 1
  fi
  echo "$out" | grep -E "applied|No pending" || true
  if [ -n "$stamp" ]; then echo "$wanted" > "$stamp"; fi
}

record_database_url() {
  local file="${DATA_DIR:?DATA_DIR must be set}/database-url"
  mkdir -p "$DATA_DIR" &&
    (umask 077 && printf '%s\n' "$DATABASE_URL" >"$file.tmp") &&
    mv -f "$file.tmp" "$file" ||
    { echo "[db] could not record the database URL in $file" >&2; return 1; }
}

stop_database() {
  if [ -n "$EMBEDDED_DB_PID" ] && kill -0 "$EMBEDDED_DB_PID" 2>/dev/null; then
    kill -TERM "$EMBEDDED_DB_PID" 2>/dev/null || true
    wait "$EMBEDDED_DB_PID" 2>/dev/null || true
  fi
}
