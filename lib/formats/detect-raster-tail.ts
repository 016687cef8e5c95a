import type { TailDetector } from './detect-tail';

// Recognising the long-tail raster images (see ./detect-tail.ts for the rules).

export const RASTER_DETECTOR: TailDetector = {};
