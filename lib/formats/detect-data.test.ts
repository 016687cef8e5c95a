import { gzipSync, zstdCompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { detectFormat } from './detect-format';

// Data files, markup, fonts and archives: the bytes prove the format, the name
// only chooses among what they allow.

const detect = (text: string | Buffer, name: string) => detectFormat(Buffer.from(text), name);

/** A tar stream's first header block: "ustar" at 257. */
const tarBlock = () => {
  const b = Buffer.alloc(1024);
  b.write('a.txt', 0);
  b.write('ustar\u000000', 257, 'latin1');
  return b;
};

describe('data files', () => {
  it('takes text that parses as JSON (or starts to, when the head is cut) for JSON, whatever its name', async () => {
    expect(await detect('{"a": [1, 2], "b": {"c": null}}', 'x.txt')).toBe('json');
    expect(await detect(`[${'{"id": 1, "name": "x"},'.repeat(400)}`.slice(0, 4000), 'x.json')).toBe('json');
    expect(await detect('[link](https://example.com) text', 'notes.md')).toBe('md');
    expect(await detect('{"a": 1} trailing words', 'x.json')).toBe('txt');
  });

  it('tells NDJSON and GeoJSON from JSON by content, the name choosing where both fit', async () => {
    expect(await detect('{"id": 1}\n{"id": 2}\n', 'x.log')).toBe('ndjson');
    expect(await detect('{"id": 1}\n', 'x.ndjson')).toBe('ndjson');
    expect(await detect('{"id": 1}\n', 'x.json')).toBe('json');
    const geo = '{"type": "FeatureCollection", "features": []}';
    expect(await detect(geo, 'map')).toBe('geojson');
    expect(await detect(geo, 'map.json')).toBe('json');
    expect(await detect('{"a": 1}', 'map.geojson')).toBe('geojson');
  });

  it('needs both the structure and the name for YAML, TOML, INI and TSV', async () => {
    expect(await detect('name: x\nlist:\n  - a\n  - b\n', 'c.yaml')).toBe('yaml');
    expect(await detect('name: x\nlist:\n  - a\n', 'c.txt')).toBe('txt');
    expect(await detect('%YAML 1.2\n---\na: 1\n', 'c')).toBe('yaml');
    expect(await detect('# Title\n\nSome text, no mapping here.\n', 'c.yaml')).toBe('txt');
    expect(await detect('title = "x"\n\n[owner]\nid = 7\n', 'c.toml')).toBe('toml');
    expect(await detect('[owner]\nid = 7\n', 'c.toml')).toBe('toml');
    expect(await detect('; comment\n[server]\nhost = a\n', 'c.ini')).toBe('ini');
    expect(await detect('a\tb\n1\t2\n', 't.tsv')).toBe('tsv');
    expect(await detect('a,b\n1,2\n', 't.tsv')).toBe('txt');
  });

  it('names XML by its root element, and XML data only once it declares itself XML', async () => {
    const decl = '<?xml version="1.0"?>\n';
    expect(await detect(`${decl}<catalog><item/></catalog>`, 'c.txt')).toBe('xml');
    expect(await detect('<catalog><item/></catalog>', 'c.xml')).toBe('xml');
    expect(await detect('<div>html in markdown</div>\n', 'c.md')).toBe('md');
    const plist = `${decl}<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "x">\n<plist version="1.0"><dict/></plist>`;
    expect(await detect(plist, 'Info.plist')).toBe('plist');
    const jats = `${decl}<!DOCTYPE article PUBLIC "-//NLM//DTD JATS (Z39.96) Journal Archiving" "x">\n<article>`;
    expect(await detect(jats, 'a.xml')).toBe('jats');
    expect(await detect(`${decl}<TEI xmlns="http://www.tei-c.org/ns/1.0">`, 'a.xml')).toBe('tei');
    expect(await detect(`${decl}<ttFont sfntVersion="\\x00\\x01\\x00\\x00">`, 'f.ttx')).toBe('ttx');
  });

  it('recognises BibTeX, DXF and Xfig by content, and the text-only wiki markups by name', async () => {
    expect(await detect('% refs\n@article{doe, title = {T}}\n', 'refs.txt')).toBe('bibtex');
    expect(await detect('999\nDXF data\n  0\nSECTION\n  2\nHEADER\n', 'a.dxf')).toBe('dxf');
    expect(await detect('#FIG 3.2\nLandscape\n', 'a.fig')).toBe('fig');
    expect(await detect('====== Title ======\n', 'page.dokuwiki')).toBe('dokuwiki');
    expect(await detect('====== Title ======\n', 'page.txt')).toBe('txt');
  });
});

describe('binary signatures', () => {
  it('tells a gzip or zstd stream holding a TAR from one holding a single file', async () => {
    expect(await detectFormat(gzipSync(tarBlock()), 'a.gz')).toBe('tgz');
    expect(await detectFormat(gzipSync(Buffer.from('hello')), 'a.tar.gz')).toBe('gz');
    expect(await detectFormat(zstdCompressSync(tarBlock()), 'a.zst')).toBe('tzst');
    expect(await detectFormat(zstdCompressSync(Buffer.from('hello')), 'a.tar.zst')).toBe('zst');
  });

  it('recognises the other compressors, archives, fonts and binary plists by their magic', async () => {
    const cases: Array<[string, string]> = [
      ['04224d18604070', 'lz4'],
      ['5d000080000000000000000000', 'lzma'],
      ['1f9d9068cab061f34601', 'z'],
      ['2d2c3ea6f8', ''], // not a signature of ours
    ];
    for (const [hex, want] of cases) expect(await detectFormat(Buffer.from(hex, 'hex'), 'x.bin')).toBe(want || null);
    expect(await detect(`070701${'0'.repeat(104)}`, 'x')).toBe('cpio');
    expect(await detect('!<arch>\na.txt/          0     0     0     644     6         `\nhello\n', 'x')).toBe('ar');
    expect(await detect(Buffer.concat([Buffer.from('MSWIM\0\0\0'), Buffer.alloc(200)]), 'x')).toBe('wim');
    expect(await detect(Buffer.concat([Buffer.from('bplist00'), Buffer.alloc(40)]), 'x.plist')).toBe('bplist');
    expect(await detect('SplineFontDB: 3.2\nFontName: X\n', 'x')).toBe('sfd');
    const eot = Buffer.alloc(120);
    eot.writeUInt32LE(0x00020002, 8);
    eot.write('LP', 34, 'latin1');
    expect(await detect(eot, 'x')).toBe('eot');
    const pfb = Buffer.concat([Buffer.from('80011000000025', 'hex'), Buffer.from('!PS-AdobeFont-1.0: X\n')]);
    expect(await detect(pfb, 'x')).toBe('pfb');
  });
});
