#!/usr/bin/env bash
# Sourced: `build_if_needed` runs `next build` unless .next holds a build of exactly the current
# inputs. The inputs are fingerprinted by content and path (so an edit, a deleted file or a Prisma
# schema change all rebuild); tests are not inputs of the build output. `compile_scripts` compiles
# the process entry points (web server, worker, embedded database, admin, migrations) into dist/
# for plain `node`, and the engines' standby library.
BUILD_INPUTS=(
  app lib components inngest public types prisma/schema.prisma clients/typescript/src
  tsconfig.json package.json package-lock.json next.config.ts proxy.ts instrumentation.ts postcss.config.mjs
  .env .env.local .env.production .env.production.local
)
BUILD_STAMP=.next/transmute-build-inputs
SCRIPTS_DIST=dist

# esbuild in a tenth of a second, so on every run: never stale. Our code (with the @/ alias) is
# bundled; packages stay in node_modules.
compile_scripts() {
  node_modules/.bin/esbuild scripts/server.ts scripts/worker.ts scripts/embedded-db.ts scripts/admin.ts scripts/migrate.ts \
    --bundle --platform=node --format=esm --target=node22 --packages=external \
    --outdir="$SCRIPTS_DIST" --out-extension:.js=.mjs --log-level=warning ||
    { echo "[build] compiling scripts/*.ts failed" >&2; return 1; }
  # The library that holds an engine started ahead before its main (lib/engines/sandbox/standby.ts).
  # Without a C compiler there is none, and every engine run starts its program afresh.
  if command -v cc >/dev/null; then
    cc -O2 -shared -fPIC -fvisibility=hidden -Wall -Wextra -Werror -o "$SCRIPTS_DIST/engine-standby.so" \
      lib/engines/sandbox/standby.c || { echo "[build] compiling lib/engines/sandbox/standby.c failed" >&2; return 1; }
  fi
}

build_inputs_fingerprint() {
  local present=() p
  for p in "${BUILD_INPUTS[@]}"; do [ -e "$p" ] && present+=("$p"); done
  find "${present[@]}" -type f -not -name '*.test.ts' -print0 | LC_ALL=C sort -z | xargs -0 sha256sum |
    sha256sum | cut -d' ' -f1
}

build_if_needed() {
  local wanted
  wanted="$(build_inputs_fingerprint)"
  if [ -f .next/BUILD_ID ] && [ "$(cat "$BUILD_STAMP" 2>/dev/null)" = "$wanted" ]; then
    return 0
  fi
  rm -f "$BUILD_STAMP"
  # The pages call the API through the typed client, which Next takes from its compiled dist/.
  echo "[build] the typed client"
  npm run build -w @transmute/client >/dev/null || { echo "[build] compiling the typed client failed" >&2; return 1; }
  echo "[build] next build"
  NEXT_TELEMETRY_DISABLED=1 npx next build || { echo "[build] next build failed" >&2; return 1; }
  # Next may rewrite tsconfig.json, and others may edit while it builds: record only a stable state.
  if [ "$(build_inputs_fingerprint)" = "$wanted" ]; then
    echo "$wanted" >"$BUILD_STAMP"
  else
    echo "[build] sources changed during the build; the next run builds again"
  fi
}
