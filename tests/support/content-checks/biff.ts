// The cells of an Excel 97 workbook (.xls, .xlt), read on the test side without LibreOffice: its
// compound file's Workbook stream, then the BIFF8 records that hold the first sheet's values
// (shared strings, numbers, RK numbers). Small enough for the few kilobytes of a matrix result.

const END_OF_CHAIN = 0xfffffffe;

/** A stream of a compound file (OLE2) by name. */
function compoundStream(b: Buffer, wanted: readonly string[]): Buffer | undefined {
  const sector = 1 << b.readUInt16LE(0x1e);
  const mini = 1 << b.readUInt16LE(0x20);
  const at = (s: number) => 512 + s * sector;
  const fatSectors: number[] = [];
  for (let i = 0; i < 109; i++) {
    const s = b.readUInt32LE(0x4c + 4 * i);
    if (s >= 0xfffffffa) break;
    fatSectors.push(s);
  }
  const fat = (s: number) => b.readUInt32LE(at(fatSectors[Math.floor((s * 4) / sector)]) + ((s * 4) % sector));
  const chain = (start: number) => {
    const parts: Buffer[] = [];
    for (let s = start, n = 0; s !== END_OF_CHAIN && n < 1e5; s = fat(s), n++)
      parts.push(b.subarray(at(s), at(s) + sector));
    return Buffer.concat(parts);
  };
  const dir = chain(b.readUInt32LE(0x30));
  const entries = Array.from({ length: dir.length / 128 }, (_, i) => dir.subarray(i * 128, i * 128 + 128)).map((e) => ({
    name: e.subarray(0, Math.max(0, e.readUInt16LE(0x40) - 2)).toString('utf16le'),
    start: e.readUInt32LE(0x74),
    size: e.readUInt32LE(0x78),
  }));
  const found = entries.find((e) => wanted.includes(e.name));
  if (!found) return undefined;
  if (found.size >= b.readUInt32LE(0x38)) return chain(found.start).subarray(0, found.size);
  const ministream = chain(entries[0].start);
  const minifat = chain(b.readUInt32LE(0x3c));
  const parts: Buffer[] = [];
  for (let s = found.start, n = 0; s !== END_OF_CHAIN && n < 1e5; s = minifat.readUInt32LE(s * 4), n++)
    parts.push(ministream.subarray(s * mini, s * mini + mini));
  return Buffer.concat(parts).subarray(0, found.size);
}

/** A BIFF8 unicode string at `at`: its text and where it ends. */
function biffString(d: Buffer, at: number): [string, number] {
  const chars = d.readUInt16LE(at);
  const flags = d[at + 2];
  let p = at + 3;
  const runs = flags & 0x08 ? d.readUInt16LE(p) : 0;
  if (flags & 0x08) p += 2;
  const ext = flags & 0x04 ? d.readUInt32LE(p) : 0;
  if (flags & 0x04) p += 4;
  const len = flags & 0x01 ? chars * 2 : chars;
  const text = d.subarray(p, p + len).toString(flags & 0x01 ? 'utf16le' : 'latin1');
  return [text, p + len + runs * 4 + ext];
}

const rkValue = (rk: number) => {
  const v =
    rk & 0x02
      ? rk >> 2
      : Buffer.from([0, 0, 0, 0, rk & 0xfc, (rk >>> 8) & 0xff, (rk >>> 16) & 0xff, rk >>> 24]).readDoubleLE(0);
  return rk & 0x01 ? v / 100 : v;
};

/** The first sheet's cells of an Excel 97 file, row by row. */
export function xlsRows(file: Buffer): string[][] {
  const book = compoundStream(file, ['Workbook', 'Book']);
  if (!book) throw new Error('no Workbook stream');
  const strings: string[] = [];
  const cells: Array<[number, number, string]> = [];
  let sheets = 0;
  for (let at = 0; at + 4 <= book.length;) {
    const [type, len] = [book.readUInt16LE(at), book.readUInt16LE(at + 2)];
    const d = book.subarray(at + 4, at + 4 + len);
    at += 4 + len;
    if (type === 0x0809 && d.readUInt16LE(2) === 0x10 && ++sheets > 1) break; // the next sheet's BOF
    if (type === 0x00fc) {
      for (let i = 0, p = 8; i < d.readUInt32LE(4) && p < d.length; i++) {
        const [s, next] = biffString(d, p);
        strings.push(s);
        p = next;
      }
    } else if (type === 0x00fd) cells.push([d.readUInt16LE(0), d.readUInt16LE(2), strings[d.readUInt32LE(6)] ?? '']);
    else if (type === 0x0203) cells.push([d.readUInt16LE(0), d.readUInt16LE(2), String(d.readDoubleLE(6))]);
    else if (type === 0x027e) cells.push([d.readUInt16LE(0), d.readUInt16LE(2), String(rkValue(d.readUInt32LE(6)))]);
    else if (type === 0x00bd) {
      const [row, first] = [d.readUInt16LE(0), d.readUInt16LE(2)];
      for (let i = 0; 4 + i * 6 + 6 <= d.length - 2; i++)
        cells.push([row, first + i, String(rkValue(d.readUInt32LE(4 + i * 6 + 2)))]);
    } else if (type === 0x0204) cells.push([d.readUInt16LE(0), d.readUInt16LE(2), biffString(d, 6)[0]]);
  }
  const rows: string[][] = [];
  for (const [r, c, v] of cells) (rows[r] ??= [])[c] = v;
  return rows.filter(Boolean);
}
