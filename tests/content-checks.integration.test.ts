import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormatName } from '@/lib/formats/catalog';
import { DOCUMENT_TEXT, PICTURE, TABLE } from '@/tests/fixtures/known-content';
import { contentProblem } from '@/tests/support/content-checks';

// The format matrix's content checks fail on a result that has the right format and the wrong
// content: each case below is a plausible converter mistake, made by hand from the known content.

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'content-checks-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const problemOf = async (name: string, bytes: Buffer | string, from: FormatName, to: FormatName) => {
  const file = path.join(dir, name);
  await writeFile(file, bytes);
  return contentProblem({ file, from, to, dir });
};

/** PICTURE as a PNG, its quarters' colours given in the order of its regions. */
const quarters = (colours: ReadonlyArray<readonly number[]>, width = PICTURE.width, height = PICTURE.height) => {
  const rgb = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      rgb.set(colours[(y >= height / 2 ? 2 : 0) + (x >= width / 2 ? 1 : 0)], (y * width + x) * 3);
  return sharp(rgb, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
};

describe('content checks', () => {
  it('pass the known content and fail a dropped or reordered sentence', async () => {
    const [title, first, second] = DOCUMENT_TEXT;
    expect(
      await problemOf('ok.md', `# ${title}\n\n${first} ${second.replace('bold', '**bold**')}\n`, 'html', 'md'),
    ).toBeUndefined();
    expect(await problemOf('dropped.md', `${first} ${second}\n`, 'html', 'md')).toMatch(title);
    expect(await problemOf('reordered.md', `${title}\n\n${second} ${first}\n`, 'html', 'md')).toMatch(
      /missing \(or out of order\)/,
    );
  });

  it('fail a picture flipped, resized or with a channel lost', async () => {
    const colours = PICTURE.regions.map((r) => r.rgb);
    expect(await problemOf('ok.png', await quarters(colours), 'bmp', 'png')).toBeUndefined();
    const flipped = [colours[2], colours[3], colours[0], colours[1]];
    expect(await problemOf('flipped.png', await quarters(flipped), 'bmp', 'png')).toMatch(/top left is rgb\(0,0,255\)/);
    expect(await problemOf('small.png', await quarters(colours, 32, 24), 'bmp', 'png')).toMatch(/size 32×24/);
    const noRed = colours.map(([, g, b]) => [0, g, b]);
    expect(await problemOf('no-red.png', await quarters(noRed), 'bmp', 'png')).toMatch(/top left/);
  });

  it('fail a recording cut short', async () => {
    const file = path.join(dir, 'short.mp3');
    execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'sine=d=0.5', file]);
    expect(await contentProblem({ file, from: 'wav', to: 'mp3', dir })).toMatch(/lasts 0\.5\d* s, expected 1 s/);
  });

  it('fail a table with a cell lost or a row out of place', async () => {
    const csv = (rows: ReadonlyArray<readonly string[]>) => rows.map((r) => r.join(',')).join('\n') + '\n';
    expect(await problemOf('ok.csv', csv(TABLE), 'xlsx', 'csv')).toBeUndefined();
    expect(await problemOf('lost.csv', csv([TABLE[0], TABLE[1]]), 'xlsx', 'csv')).toMatch(/cell "pear"/);
    expect(await problemOf('swapped.csv', csv([TABLE[0], TABLE[2], TABLE[1]]), 'xlsx', 'csv')).toMatch(/cell/);
  });

  it('fail an archive with a file lost', async () => {
    const content = path.join(dir, 'content');
    execFileSync('mkdir', ['-p', path.join(content, 'sub')]);
    await writeFile(path.join(content, 'a.txt'), 'hello\n');
    const file = path.join(dir, 'lost.zip');
    execFileSync('7z', ['a', '-tzip', '-bd', file, `${content}/a.txt`], { stdio: 'ignore' });
    expect(await contentProblem({ file, from: 'tar', to: 'zip', dir })).toMatch(
      /holds a\.txt, expected a\.txt, sub\/b\.txt/,
    );
  });
});
