import type { FormatInfo } from './catalog';

// More formats (issue 13): raster images (ImageMagick's long tail, camera RAW). Spread into FORMATS by ./catalog.ts; listed in
// GET /api/v1/formats only when an installed engine converts them (lib/engines/registry.ts).

export const RASTER_TAIL = {} as const satisfies Record<string, FormatInfo>;
