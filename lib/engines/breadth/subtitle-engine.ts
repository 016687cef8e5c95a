import type { Engine } from '../types';
import { EngineError } from '../sandbox';

// subtitles (ffmpeg). Placeholder while it is being built (issue 13): it claims no pair, so it is never chosen.

export const subtitleEngine: Engine = {
  name: 'subtitle',
  requires: ['ffmpeg'],
  conversions: [],
  convert: async () => {
    throw new EngineError('subtitle engine: no conversions yet');
  },
};
