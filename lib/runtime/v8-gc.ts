import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

// V8's `gc` function, for the collections this process asks for itself (young-gc-pacer.ts,
// heap-growth.ts), without putting it on the global object of the app.

// `flavor: 'last-resort'` is V8's memory-reducing collection: it runs full collections until no more
// is freed, compacts, and shrinks the young generation back to its initial size.
type GcOptions = { type: 'minor' | 'major'; execution?: 'sync' | 'async'; flavor?: 'regular' | 'last-resort' };
export type Gc = (options?: GcOptions) => void;

let exposedGc: Gc | undefined;

export function v8Gc(): Gc {
  if (!exposedGc) {
    setFlagsFromString('--expose-gc');
    exposedGc = runInNewContext('gc') as Gc;
  }
  return exposedGc;
}
