import { configProblems, describeProblems } from '@/lib/config/validate-config';
import { log } from '@/lib/log/logger';

// The configuration is checked in lib/config, which sits below the logger; stopping the process and
// saying why belongs to the processes that start.

/** Stops this process (exit status 2) when its configuration is invalid, naming each variable at fault. */
export function exitOnInvalidConfig(processName: string, required: readonly string[] = []): void {
  const problems = configProblems(process.env, required);
  if (problems.length === 0) return;
  log.fatal(`[${processName}] invalid configuration: ${describeProblems(problems)}`);
  process.exit(2);
}
