import { spawnSync } from 'node:child_process';
import { config } from '@/lib/config';
import { log } from '@/lib/log/logger';

// Whether engines can run in their sandbox here, probed once per process. bubblewrap needs user and
// PID namespaces and a fresh /proc; a container denies the /proc mount unless it runs with
// `--security-opt systempaths=unconfined`. Without a working sandbox no engine runs: there is no
// silent fallback (an engine that sees the container's /proc sees every process's environment,
// secrets included). ENGINE_SANDBOX=off is the one explicit opt-out.

export type SandboxStatus = { state: 'ready' } | { state: 'off' } | { state: 'unavailable'; reason: string };

const FIX =
  'In a container, run it with `--security-opt systempaths=unconfined` (podman; Docker also needs ' +
  '`--security-opt seccomp=unconfined` and, where AppArmor confines containers, `apparmor=unconfined`; ' +
  'compose.yaml sets them). Outside a container, install the Debian package "bubblewrap" and allow ' +
  'unprivileged user namespaces. ENGINE_SANDBOX=off runs engines without any sandbox (not recommended).';

/** The smallest sandbox with what every engine run needs: all namespaces and its own /proc. */
const PROBE = [
  '--unshare-all',
  '--die-with-parent',
  '--ro-bind',
  '/usr',
  '/usr',
  ...['lib', 'lib64', 'bin'].flatMap((d) => ['--symlink', `usr/${d}`, `/${d}`]),
  '--proc',
  '/proc',
  '--dev',
  '/dev',
  '--',
  '/usr/bin/true',
];

const PROBE_ENV: Record<string, string> = { PATH: '/usr/bin:/bin' };

export const SANDBOX_OFF_WARNING =
  'ENGINE_SANDBOX=off: engines run WITHOUT a sandbox. A hostile file can then reach the network and read ' +
  "what this process can read. Unset ENGINE_SANDBOX to require bubblewrap's sandbox.";

// Probed once per process, not once per copy of this module (Next's build holds one per layer).
const PROBED = Symbol.for('transmute.sandboxStatus');
const probed = globalThis as { [PROBED]?: SandboxStatus };

export function sandboxStatus(): SandboxStatus {
  return (probed[PROBED] ??= probeSandbox());
}

function probeSandbox(): SandboxStatus {
  if (config.engineSandbox === 'off') {
    log.warn(`[engines] WARNING: ${SANDBOX_OFF_WARNING}`);
    return { state: 'off' };
  }
  const r = spawnSync('bwrap', PROBE, {
    encoding: 'utf8',
    timeout: 10_000,
    env: PROBE_ENV as NodeJS.ProcessEnv,
  });
  if (r.status === 0) return { state: 'ready' };
  const why = r.error
    ? `bwrap could not be started (${r.error.message})`
    : `bwrap failed: ${r.stderr.trim() || `exit ${r.status}`}`;
  const reason = `The engine sandbox cannot be set up (${why}).`;
  log.error(`[engines] ${reason} No conversion will run. ${FIX}`);
  return { state: 'unavailable', reason };
}

/** The reason engines cannot run here, or null when they can (in the sandbox, or with it turned off). */
export function sandboxRefusal(): string | null {
  const s = sandboxStatus();
  return s.state === 'unavailable' ? `${s.reason} ${FIX}` : null;
}
