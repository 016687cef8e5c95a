import type { FormatInfo } from './catalog';

// More formats (issue 13): audio, video and subtitles (ffmpeg). Spread into FORMATS by ./catalog.ts; listed in
// GET /api/v1/formats only when an installed engine converts them (lib/engines/registry.ts).

export const MEDIA_TAIL = {} as const satisfies Record<string, FormatInfo>;
