import type { FormatInfo } from './catalog';
import { familyEntry } from './family-entry';

// More formats (issue 13): data files (JSON, YAML, TOML, XML…), more markup, fonts and archives. Spread into FORMATS by ./catalog.ts; listed in
// GET /api/v1/formats only when an installed engine converts them (lib/engines/registry.ts).

const data = familyEntry('data');

export const DATA_TAIL = {
  json: data('application/json', 'JSON data', 'json'),
  ndjson: data('application/x-ndjson', 'Newline-delimited JSON', 'ndjson'),
  geojson: data('application/geo+json', 'GeoJSON', 'geojson'),
  yaml: data('application/yaml', 'YAML data', 'yaml'),
  toml: data('application/toml', 'TOML data', 'toml'),
  xml: data('application/xml', 'XML data', 'xml'),
  plist: data('application/x-plist', 'Property list (XML)', 'plist'),
  bplist: data('application/x-bplist', 'Property list (binary)', 'plist'),
  tsv: data('text/tab-separated-values; charset=utf-8', 'TSV table', 'tsv'),
  ini: data('text/plain; charset=utf-8', 'INI settings', 'ini'),
  // potrace's vector outputs
  dxf: { family: 'vector', mime: 'image/vnd.dxf', label: 'AutoCAD DXF drawing', extension: 'dxf' },
  fig: { family: 'vector', mime: 'application/x-xfig', label: 'Xfig drawing', extension: 'fig' },
} as const satisfies Record<string, FormatInfo>;
