import type { TailDetector } from './detect-tail';

// Recognising the long-tail data files, markup, fonts and archives (see ./detect-tail.ts for the rules).

export const DATA_DETECTOR: TailDetector = {};
