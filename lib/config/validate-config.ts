import { ALL_SETTINGS, configSchema, type Env, rawSetting } from './schema';

// Validation of the whole configuration when a process starts: a bad or missing value stops it with
// a message that names the variable, before it opens a port or takes a job.

export type ConfigProblem = { name: string; message: string };

/** What is wrong with the environment (empty when nothing is); `required` lists what this process cannot run without. */
export function configProblems(env: Env, required: readonly string[] = []): ConfigProblem[] {
  const values = Object.fromEntries(Object.keys(ALL_SETTINGS).map((name) => [name, rawSetting(env, name)]));
  const problems: ConfigProblem[] = required
    .filter((name) => values[name] === undefined)
    .map((name) => ({ name, message: 'must be set' }));
  const result = configSchema.safeParse(values);
  for (const issue of result.success ? [] : result.error.issues) {
    const name = String(issue.path[0]);
    const shown = ALL_SETTINGS[name]?.secret || values[name] === undefined ? '' : ` (it is "${values[name]}")`;
    problems.push({ name, message: `${issue.message}${shown}` });
  }
  return problems;
}

export const describeProblems = (problems: ConfigProblem[]) => problems.map((p) => `${p.name} ${p.message}`).join('; ');
