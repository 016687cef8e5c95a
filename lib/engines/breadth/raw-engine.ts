import type { Engine } from '../types';
import { EngineError } from '../sandbox';

// camera RAW (dcraw). Placeholder while it is being built (issue 13): it claims no pair, so it is never chosen.

export const rawEngine: Engine = {
  name: 'raw',
  requires: ['dcraw'],
  conversions: [],
  convert: async () => {
    throw new EngineError('raw engine: no conversions yet');
  },
};
