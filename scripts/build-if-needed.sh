#!/usr/bin/env bash
# Sourced: runs `next build` unless .next holds a build newer than every source file.
build_if_needed() {
  local stamp=.next/BUILD_ID
  if [ -f "$stamp" ] && [ -z "$(find app lib components inngest public next.config.ts package-lock.json postcss.config.mjs -newer "$stamp" -type f -not -path 'lib/generated/*' 2>/dev/null | head -1)" ]; then
    return 0
  fi
  echo "[build] next build"
  NEXT_TELEMETRY_DISABLED=1 npx next build
}
