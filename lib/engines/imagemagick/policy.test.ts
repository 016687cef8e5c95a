import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { coder, imagemagickEngine } from './imagemagick-engine';

// policy.xml turns every ImageMagick coder off, then back on only those the engine uses: a format
// the engine gained without its coder fails at run time, and a coder left on after the engine
// dropped its format widens what a hostile file can reach.

/** Coders ImageMagick reaches by itself for the engine's formats (their variants and other names). */
const COMPANIONS = ['PNG8', 'PNG24', 'PNG32', 'JPG', 'TIF', 'BMP3', 'PNM', 'ICON', 'RAS', 'GROUP4'];

const policy = readFileSync(path.join(__dirname, 'policy.xml'), 'utf8');

/** The coders a `rights` policy turns on (its `{A,B,…}` pattern). */
function allowed(rights: 'read' | 'read|write'): string[] {
  const lines = [...policy.matchAll(/<policy domain="coder" rights="([^"]+)" pattern="\{([^}]*)\}"\/>/g)];
  return lines.filter(([, r]) => r === rights).flatMap(([, , pattern]) => pattern.split(','));
}

const sorted = (names: Iterable<string>) => [...new Set(names)].sort();
const written = new Set(imagemagickEngine.conversions.flatMap((c) => c.to));
const read = new Set(imagemagickEngine.conversions.flatMap((c) => c.from));

describe('ImageMagick policy.xml', () => {
  it('reads and writes exactly the coders of the formats the engine writes', () => {
    expect(sorted(allowed('read|write'))).toEqual(sorted([...[...written].map(coder), ...COMPANIONS]));
  });

  it('only reads the coders of the formats the engine reads and never writes', () => {
    expect(sorted(allowed('read'))).toEqual(sorted([...read].filter((f) => !written.has(f)).map(coder)));
  });

  it('turns every other coder, delegate and indirection off first', () => {
    expect(policy).toContain('<policy domain="coder" rights="none" pattern="*"/>');
    expect(policy).toContain('<policy domain="delegate" rights="none" pattern="*"/>');
    expect(policy).toContain('<policy domain="path" rights="none" pattern="@*"/>');
  });
});
