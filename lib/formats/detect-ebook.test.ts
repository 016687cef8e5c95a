import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildZip } from '@/tests/fixtures/zip';
import { detectFormat } from './detect-format';
import { HEAD_BYTES } from './head-bytes';

// E-books, DjVu and comic archives are told by their bytes; the name only chooses among what
// the bytes allow (an archive's kind, a ZIP's entries, PML among text).

const committed = (name: string) => readFileSync(path.join(process.cwd(), 'tests/fixtures/formats/ebook', name));
const page = Buffer.from('89504e470d0a1a0a', 'hex');

/** A Palm database head: name, type+creator at 60, one record whose data starts at 86. */
function palm(typeCreator: string, record0: Buffer = Buffer.alloc(0)): Buffer {
  const h = Buffer.alloc(86);
  h.write('Book', 0, 'latin1');
  h.write(typeCreator, 60, 'latin1');
  h.writeUInt16BE(1, 76);
  h.writeUInt32BE(86, 78);
  return Buffer.concat([h, record0]);
}
/** Record 0 of a MOBI: PalmDoc header, then 'MOBI' and the file version at +36. */
function mobiRecord(version: number): Buffer {
  const r = Buffer.alloc(64);
  r.write('MOBI', 16, 'latin1');
  r.writeUInt32BE(version, 36);
  return r;
}

describe('e-book detection', () => {
  it.each([
    ['sample.mobi', 'mobi'],
    ['sample.azw3', 'azw3'],
    ['sample.lit', 'lit'],
    ['sample.lrf', 'lrf'],
    ['sample.pdb', 'pdb'],
    ['sample.rb', 'rb'],
    ['sample.snb', 'snb'],
    ['sample.tcr', 'tcr'],
    ['sample.htmlz', 'htmlz'],
    ['sample.txtz', 'txtz'],
    ['sample.pmlz', 'pmlz'],
    ['sample.fbz', 'fbz'],
    ['sample.pml', 'pml'],
  ])('calibre-written %s is %s', async (file, format) => {
    expect(await detectFormat(committed(file), file)).toBe(format);
  });

  it('reads the name of none of them: the bytes decide', async () => {
    expect(await detectFormat(committed('sample.lit'), 'book.txt')).toBe('lit');
    expect(await detectFormat(committed('sample.azw3'), 'book.mobi')).toBe('azw3');
    expect(await detectFormat(committed('sample.mobi'), 'book.azw3')).toBe('mobi');
  });

  it('tells KF8 from Mobipocket by the MOBI header version, and knows the PalmDoc family', async () => {
    expect(await detectFormat(palm('BOOKMOBI', mobiRecord(8)), 'x')).toBe('azw3');
    expect(await detectFormat(palm('BOOKMOBI', mobiRecord(6)), 'x')).toBe('mobi');
    expect(await detectFormat(palm('TEXtREAd'), 'x')).toBe('pdb');
    expect(await detectFormat(palm('PNRdPPrs'), 'x')).toBe('pdb');
    // A Palm database that is no e-book (an address book), or a MOBI without its header: not ours.
    expect(await detectFormat(palm('DATAaddr'), 'x.pdb')).toBeNull();
    expect(await detectFormat(palm('BOOKMOBI'), 'x.mobi')).toBeNull();
  });

  it('takes PML only from a text file named so', async () => {
    expect(await detectFormat(committed('sample.pml'), 'sample.txt')).toBe('txt');
  });
});

describe('zipped e-books and comics', () => {
  const zip = (...names: string[]) => buildZip(names.map((name) => ({ name, data: page })));

  it('lets the name choose among what the entries allow', async () => {
    expect(await detectFormat(zip('01.png', '02.jpg', 'ComicInfo.xml'), 'c.cbz')).toBe('cbz');
    expect(await detectFormat(zip('01.png', 'run.sh'), 'c.cbz')).toBe('zip');
    expect(await detectFormat(zip('index.html', 'metadata.opf'), 'b.htmlz')).toBe('htmlz');
    expect(await detectFormat(zip('notes.txt'), 'b.htmlz')).toBe('zip');
    expect(await detectFormat(zip('book.fb2'), 'b.fbz')).toBe('fbz');
    expect(await detectFormat(zip('book.fb2'), 'b.zip')).toBe('zip');
  });

  it('lets the name decide when the head does not reach the central directory (a large cover first)', async () => {
    const big = buildZip([{ name: 'cover.jpg', data: Buffer.alloc(70_000, 7), method: 0 }]);
    expect(await detectFormat(big.subarray(0, HEAD_BYTES), 'b.htmlz')).toBe('htmlz');
  });

  it('takes a 7z, TAR or RAR as a comic only when named so', async () => {
    const sevenZip = Buffer.concat([Buffer.from('377abcaf271c0004', 'hex'), Buffer.alloc(56)]);
    expect(await detectFormat(sevenZip, 'c.cb7')).toBe('cb7');
    expect(await detectFormat(sevenZip, 'c.7z')).toBe('7z');
    const tar = Buffer.alloc(1024);
    tar.write('page.png', 0);
    tar.write('0000644\0', 100);
    tar.write('ustar\x0000', 257, 'latin1');
    let sum = 0;
    tar.fill(' ', 148, 156);
    for (let i = 0; i < 512; i++) sum += tar[i];
    tar.write(sum.toString(8).padStart(6, '0') + '\0 ', 148, 'latin1');
    expect(await detectFormat(tar, 'c.cbt')).toBe('cbt');
    expect(await detectFormat(tar, 'c.tar')).toBe('tar');
  });
});

describe('DjVu', () => {
  it('is a DjVu when the IFF form says DJVU or DJVM', async () => {
    const djvu = (kind: string) => Buffer.from(`AT&TFORM\0\0\0\x20${kind}INFO\0\0\0\x0a`, 'latin1');
    expect(await detectFormat(djvu('DJVU'), 'x')).toBe('djvu');
    expect(await detectFormat(djvu('DJVM'), 'x')).toBe('djvu');
    expect(await detectFormat(djvu('ABCD'), 'x.djvu')).not.toBe('djvu');
  });
});
