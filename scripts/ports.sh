#!/usr/bin/env bash
# Sourced: the ports of the embedded PostgreSQL servers (when taken, the next free port is used and
# recorded with the URL in $DATA_DIR/database-url, where scripts/admin.ts and bench find it).
EMBEDDED_DB_PORT="${EMBEDDED_DB_PORT:-54329}" # scripts/start.sh
TEST_DB_PORT="${TEST_DB_PORT:-54330}"         # scripts/test.sh
