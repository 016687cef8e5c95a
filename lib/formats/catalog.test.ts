import { describe, expect, it } from 'vitest';
import { FORMAT_FAMILIES, FORMAT_RECORDS, FORMATS, resolveFormatName } from './catalog';

// The records are the one place a format's names and detection are written: a name two records
// claim would silently go to whichever is gathered last, so each must be claimed once.

/** Values claimed by more than one record, with the records claiming them. */
function claimedTwice(claims: (r: (typeof FORMAT_RECORDS)[number][1]) => readonly string[] | undefined) {
  const by = new Map<string, string[]>();
  for (const [name, record] of FORMAT_RECORDS)
    for (const v of claims(record) ?? []) by.set(v, [...(by.get(v) ?? []), name]);
  return [...by].filter(([, names]) => names.length > 1);
}

describe('format records', () => {
  it('give each alias to one format, and no alias is a format name', () => {
    expect(claimedTwice((r) => r.aliases)).toEqual([]);
    const aliases = FORMAT_RECORDS.flatMap(([, r]) => r.aliases ?? []);
    expect(aliases.filter((a) => Object.hasOwn(FORMATS, a))).toEqual([]);
    expect(resolveFormatName('JPEG')).toBe('jpg');
    expect(resolveFormatName('tar.zst')).toBe('tzst');
  });

  it('map each file-type answer and each text name to one format', () => {
    expect(claimedTwice((r) => r.detect?.fileType)).toEqual([]);
    expect(claimedTwice((r) => r.detect?.textNames)).toEqual([]);
  });

  it('are gathered in the order of FORMAT_FAMILIES, the order detection asks them in', () => {
    const families = FORMAT_RECORDS.map(([, r]) => r.family).filter((f, i, all) => f !== all[i - 1]);
    expect(families).toEqual(FORMAT_FAMILIES.filter((f) => families.includes(f)));
  });

  it('let the name choose inside OLE2 and ISO media only among their members', () => {
    const members = (c: string) =>
      FORMAT_RECORDS.filter(([, r]) => r.detect?.container === c)
        .map(([name]) => name)
        .sort();
    expect(members('ole2')).toEqual(['doc', 'dot', 'pot', 'pps', 'ppt', 'xls', 'xlt']);
    expect(members('iso-bmff')).toEqual(['3g2', '3gp', 'f4v', 'ismv', 'm4a', 'm4b', 'm4r', 'm4v', 'mov', 'mp4']);
  });
});
