// A baseline server for the benchmarks: a few lines of plain node:http (`source`, run with `node -e`
// from the repository root so it can require our packages) in its own process, which prints its port.
import { spawn } from 'node:child_process';
import { ROOT } from './server';

export type BareServer = { port: number; pid: number; stop: () => void };

export async function startBareServer(source: string, args: string[] = []): Promise<BareServer> {
  const child = spawn(process.execPath, ['-e', source, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.once('data', (d) => resolve(Number(String(d))));
    child.once('exit', (code) => reject(new Error(`bare server exited (${code}) before listening`)));
  });
  return { port, pid: child.pid!, stop: () => child.kill() };
}
