import path from 'node:path';

/** The request loop the warm worker scripts require (serve.cjs); their sandboxes must bind it. */
export const WORKER_LOOP = path.join(process.cwd(), 'lib/engines/warm/serve.cjs');
