#!/usr/bin/env bash
# Sourced: the Node that scripts/setup.sh installed (when the machine's is too old) goes first on
# PATH, npm stays quiet, and the embedded database ports are set (scripts/ports.sh).
_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
if [ -x "$_root/.tools/node/bin/node" ]; then export PATH="$_root/.tools/node/bin:$PATH"; fi
export npm_config_update_notifier=false npm_config_fund=false npm_config_audit=false
source "$_root/scripts/ports.sh"
unset _root
