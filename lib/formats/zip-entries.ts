// The names of a ZIP's first local entries, read from the head of the file (no central directory).

/** Names of the ZIP local entries that fit in the head (in archive order). */
export function zipEntryNames(head: Buffer, max = 200): string[] {
  const names: string[] = [];
  let pos = 0;
  while (names.length < max && pos + 30 <= head.length && head.readUInt32LE(pos) === 0x04034b50) {
    const flags = head.readUInt16LE(pos + 6);
    const compressed = head.readUInt32LE(pos + 18);
    const nameLen = head.readUInt16LE(pos + 26);
    const extraLen = head.readUInt16LE(pos + 28);
    if (pos + 30 + nameLen > head.length) break;
    names.push(head.subarray(pos + 30, pos + 30 + nameLen).toString('utf8'));
    if (flags & 0x08) break; // size is in a data descriptor after the data: cannot skip reliably
    pos += 30 + nameLen + extraLen + compressed;
  }
  return names;
}
