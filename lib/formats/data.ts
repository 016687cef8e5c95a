import { ascii } from './bytes';
import { dataTextIs } from './data-text';
import { recordsOf } from './format-record';

// Data files: JSON, YAML, TOML, XML and the like, told by their text (./data-text.ts).

const data = recordsOf('data');
const byContent = (id: Parameters<typeof dataTextIs>[0]) => ({ detect: { text: dataTextIs(id) } });

export const DATA = {
  json: data('application/json', 'JSON data', 'json', byContent('json')),
  ndjson: data('application/x-ndjson', 'Newline-delimited JSON', 'ndjson', {
    aliases: ['jsonl'],
    ...byContent('ndjson'),
  }),
  geojson: data('application/geo+json', 'GeoJSON', 'geojson', byContent('geojson')),
  yaml: data('application/yaml', 'YAML data', 'yaml', { aliases: ['yml'], ...byContent('yaml') }),
  toml: data('application/toml', 'TOML data', 'toml', byContent('toml')),
  xml: data('application/xml', 'XML data', 'xml', byContent('xml')),
  plist: data('application/x-plist', 'Property list (XML)', 'plist', byContent('plist')),
  bplist: data('application/x-bplist', 'Property list (binary)', 'plist', {
    detect: { signature: (b) => ascii(b, 'bplist00') },
  }),
  tsv: data('text/tab-separated-values; charset=utf-8', 'TSV table', 'tsv', byContent('tsv')),
  ini: data('text/plain; charset=utf-8', 'INI settings', 'ini', byContent('ini')),
} as const;
