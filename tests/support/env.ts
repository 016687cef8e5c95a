// Environment overrides for tests: settings are read per call, so a test may change them for itself
// and must put back exactly what was there (set or unset) afterwards.
type EnvValues = Record<string, string | undefined>;

/** Sets (a string) or removes (undefined) each variable; returns the function that restores them. */
export function overrideEnv(vars: EnvValues): () => void {
  const saved: EnvValues = Object.fromEntries(Object.keys(vars).map((k) => [k, process.env[k]]));
  const apply = (values: EnvValues) => {
    for (const [k, v] of Object.entries(values)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  };
  apply(vars);
  return () => apply(saved);
}

/** Runs `fn` with the variables overridden, restoring them afterwards (also when it throws). */
export async function withEnv<T>(vars: EnvValues, fn: () => Promise<T> | T): Promise<T> {
  const restore = overrideEnv(vars);
  try {
    return await fn();
  } finally {
    restore();
  }
}
