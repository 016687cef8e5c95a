// A separate process for tests/health-recovery.integration.test.ts: the service's route handlers
// against the database in its own DATABASE_URL. Each stdin line names a route ("health" or
// "formats"); the answer is printed as one JSON line {status, body}.
import { createInterface } from 'node:readline';
import * as formats from '@/app/api/v1/formats/route';
import * as health from '@/app/api/v1/health/route';

const routes = { health: [health.GET, '/api/v1/health'], formats: [formats.GET, '/api/v1/formats'] } as const;

async function call(name: keyof typeof routes) {
  const [handler, path] = routes[name];
  const res = await handler(new Request(`http://localhost:3000${path}`), { params: Promise.resolve({}) });
  return { status: res.status, body: await res.json() };
}

createInterface({ input: process.stdin }).on('line', (line) => {
  call(line.trim() as keyof typeof routes).then(
    (answer) => console.log(JSON.stringify(answer)),
    (e) => console.log(JSON.stringify({ status: 0, body: String(e) })),
  );
});
console.log(JSON.stringify({ ready: true }));
