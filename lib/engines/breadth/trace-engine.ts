import type { Engine } from '../types';
import { EngineError } from '../sandbox';

// bitmap → vector tracing (potrace). Placeholder while it is being built (issue 13): it claims no pair, so it is never chosen.

export const traceEngine: Engine = {
  name: 'trace',
  requires: ['potrace'],
  conversions: [],
  convert: async () => {
    throw new EngineError('trace engine: no conversions yet');
  },
};
