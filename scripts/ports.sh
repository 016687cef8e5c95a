#!/usr/bin/env bash
# Sourced: the ports of the local servers (when taken, the next free port is used; the embedded
# PostgreSQL's is recorded with its URL in $DATA_DIR/database-url, where scripts/admin.ts and bench
# find it). The image checks' ports are below the kernel's ephemeral range (32768–60999 by default):
# a port in it can be taken by any outgoing connection between the check that finds it free and the
# container that listens on it (the containers' own connections to PostgreSQL, for one).
EMBEDDED_DB_PORT="${EMBEDDED_DB_PORT:-54329}"     # scripts/start.sh (and the image's `start`)
TEST_DB_PORT="${TEST_DB_PORT:-54330}"             # scripts/test.sh
IMAGE_TEST_DB_PORT="${IMAGE_TEST_DB_PORT:-29331}" # scripts/test-image.sh: PostgreSQL for web + worker containers
IMAGE_TEST_PORT="${IMAGE_TEST_PORT:-29100}"       # scripts/test-image.sh: the service in its containers
