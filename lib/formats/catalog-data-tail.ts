import type { FormatInfo } from './catalog';

// More formats (issue 13): data files (JSON, YAML, TOML, XML…), more markup, fonts and archives. Spread into FORMATS by ./catalog.ts; listed in
// GET /api/v1/formats only when an installed engine converts them (lib/engines/registry.ts).

export const DATA_TAIL = {} as const satisfies Record<string, FormatInfo>;
