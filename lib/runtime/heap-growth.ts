import { setFlagsFromString } from 'node:v8';

// V8 sets the old generation's next limit from how fast the program allocates against how fast it
// collects. For the worker it settled on little more than the live heap (~31 MB), so marking for
// the next full collection began almost as soon as one ended: ~23 full collections per run of
// bench/png-to-webp.ts, a third of the worker's CPU per conversion. Letting the old generation grow
// to 3× its live size between full collections cut them to 3, and its idle PSS did not change
// (bench/RESULTS.md). The web server keeps V8's default: the same setting made long tus uploads
// faster there, but left it ~30 MB larger when idle after load, over the footprint target.
const HEAP_GROWING_PERCENT = 200;

/** Called first thing by the worker process (scripts/worker.ts). */
export function setHeapGrowth(): void {
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
