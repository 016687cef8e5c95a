import type { TailDetector } from './detect-tail';

// Recognising the long-tail audio, video and subtitles (see ./detect-tail.ts for the rules).

export const MEDIA_DETECTOR: TailDetector = {};
