import { accessSync, constants } from 'node:fs';
import type { Engine } from '../types';

// Which engine programs are installed. The sandbox's PATH is /usr/bin:/bin (and /bin is /usr/bin
// there), so a program counts only if /usr/bin has it.

const found = new Map<string, boolean>();

export function hasProgram(name: string): boolean {
  let ok = found.get(name);
  if (ok === undefined) {
    try {
      accessSync(`/usr/bin/${name}`, constants.X_OK);
      ok = true;
    } catch {
      ok = false;
    }
    found.set(name, ok);
  }
  return ok;
}

/** Whether every program the engine declares is installed. */
export const isInstalled = (engine: Engine): boolean => (engine.requires ?? []).every(hasProgram);
