import type { Engine } from '../types';
import { EngineError } from '../sandbox';

// data files (JSON, YAML, TOML, XML, CSV…). Placeholder while it is being built (issue 13): it claims no pair, so it is never chosen.

export const dataEngine: Engine = {
  name: 'data',
  requires: ['python3'],
  conversions: [],
  convert: async () => {
    throw new EngineError('data engine: no conversions yet');
  },
};
