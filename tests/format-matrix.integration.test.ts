import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPECIALIST_ENGINES } from '@/lib/engines/specialist-engines';
import { findEngine, listFormats } from '@/lib/engines/registry';
import type { FormatName } from '@/lib/formats/catalog';
import { detectFormat } from '@/lib/formats/detect-format';
import { readHead } from '@/lib/formats/read-head';
import { makeSamples } from '@/tests/fixtures/matrix-samples';
import { convertPair, expectKnownContent, twoAtATime } from '@/tests/support/format-matrix';

// The format matrix: every sample's format is detected from its bytes and holds its known content
// (tests/fixtures/known-content.ts), and every pair GET /api/v1/formats lists for it that a
// specialist engine serves converts, with an output whose bytes are the target's and which holds
// that content (tests/support/content-checks). The main engines' pairs are in
// format-matrix-main.integration.test.ts and format-matrix-office.integration.test.ts.

let dir: string;
let samples: Map<FormatName, string>;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'format-matrix-'));
  samples = makeSamples(dir);
}, 120_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

const specialist = new Set(SPECIALIST_ENGINES.map((e) => e.name));
const pairs = listFormats().flatMap((f) =>
  f.targets
    .filter((t) => specialist.has(findEngine(f.format, t)!.name))
    .map((t) => [f.format, t] as [FormatName, FormatName]),
);

describe('format matrix', () => {
  it('lists at least 250 inputs and 150 outputs on a machine set up by scripts/setup.sh', () => {
    const listed = listFormats();
    expect(listed.length).toBeGreaterThanOrEqual(250);
    expect(new Set(listed.flatMap((f) => f.targets)).size).toBeGreaterThanOrEqual(150);
  });

  it('lists at least the inputs it has samples for, each detected from its bytes', async () => {
    const listed = new Set(listFormats().map((f) => f.format));
    for (const [format, file] of samples) {
      if (!listed.has(format)) continue;
      // The name only chooses among text markups and inside a container (ASF: wma/wmv, MPEG-PS: mpeg/vob…).
      const ext = path.basename(file).replace(/^[^.]*\./, '');
      expect(await detectFormat(await readHead(file), `sample.${ext}`), format).toBe(format);
    }
  });

  it('has a sample for every input a specialist engine serves', () => {
    const inputs = new Set(pairs.map(([from]) => from));
    expect([...inputs].filter((f) => !samples.has(f))).toEqual([]);
  });

  it.concurrent.each(pairs)('%s → %s', (from, to) => twoAtATime(() => convertPair(samples.get(from)!, from, to)));

  // The content checks mean something only if each sample holds what known-content.ts says it does.
  // MIDI has no reader here but the engine's synthesiser: its notes are checked in the recordings it makes.
  const selfChecked = [...new Set(pairs.map(([from]) => from))].filter((f) => f !== 'mid' && f !== 'rmi');
  it.concurrent.each(selfChecked)('the %s sample holds its known content', (from) =>
    twoAtATime(() => expectKnownContent(samples.get(from)!, from)),
  );
});
