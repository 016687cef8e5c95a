import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { placeIn, takeOut, withExchangeSlot } from './exchange';

describe('exchange slots', () => {
  let root: string;
  let exchangeDir: string;
  let jobDir: string;
  beforeEach(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'exchange-test-'));
    exchangeDir = path.join(root, 'x');
    jobDir = path.join(root, 'job');
    mkdirSync(exchangeDir);
    mkdirSync(jobDir);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  const input = () => {
    const file = path.join(jobDir, 'input.png');
    writeFileSync(file, 'the input');
    return file;
  };
  /** What the exchange folder holds, its slot's content included: the slot itself, kept empty, counts as nothing. */
  const leftInExchange = () =>
    readdirSync(exchangeDir).flatMap((name) => {
      const inside = path.join(exchangeDir, name);
      return name === 'run' ? readdirSync(inside).map((n) => `run/${n}`) : [name];
    });
  /** The slot a request is given, and what it holds when given. */
  const nextSlot = () => withExchangeSlot(exchangeDir, async (slot) => ({ slot, holds: readdirSync(slot) }));

  it('places the input by a hard link, takes the result out, and leaves the slot empty; the input stays whole', async () => {
    const source = input();
    const result = path.join(jobDir, 'output.webp');
    const taken = await withExchangeSlot(exchangeDir, async (slot) => {
      await placeIn(source, path.join(slot, 'in.png'));
      writeFileSync(path.join(slot, 'out.webp'), 'the result');
      return takeOut(path.join(slot, 'out.webp'), result);
    });
    expect(taken).toBe(true);
    expect(readFileSync(result, 'utf8')).toBe('the result');
    expect(readFileSync(source, 'utf8')).toBe('the input');
    expect(leftInExchange()).toEqual([]);
  });

  it('gives each request the same slot, empty', async () => {
    const source = input();
    const first = await withExchangeSlot(exchangeDir, async (slot) => {
      await placeIn(source, path.join(slot, 'in.png'));
      return slot;
    });
    expect(await nextSlot()).toEqual({ slot: first, holds: [] });
  });

  it.each([
    ['a file of its own', (slot: string) => writeFileSync(path.join(slot, 'left.tmp'), 'x'.repeat(1000))],
    ['a symlink out of the slot', (slot: string) => symlinkSync('/etc/passwd', path.join(slot, 'link'))],
    [
      'a folder of files',
      (slot: string) => {
        mkdirSync(path.join(slot, 'd'));
        for (let i = 0; i < 20; i++) writeFileSync(path.join(slot, 'd', `f${i}`), 'x');
      },
    ],
  ])(
    'removes a slot where the engine left %s, and nothing outside it; the next request finds it empty',
    async (_, leave) => {
      const source = input();
      await withExchangeSlot(exchangeDir, async (slot) => {
        await placeIn(source, path.join(slot, 'in.png'));
        leave(slot);
      });
      expect(readdirSync(exchangeDir)).toEqual([]);
      expect(readFileSync(source, 'utf8')).toBe('the input');
      expect(existsSync('/etc/passwd')).toBe(true);
      expect((await nextSlot()).holds).toEqual([]);
    },
  );

  it("removes a slot holding more links than a run places, and a failed run's slot too", async () => {
    const source = input();
    await withExchangeSlot(exchangeDir, async (slot) => {
      for (let i = 0; i < 10; i++) await placeIn(source, path.join(slot, `in-${i}.png`));
    });
    await expect(
      withExchangeSlot(exchangeDir, async (slot) => {
        await placeIn(source, path.join(slot, 'in.png'));
        throw new Error('the engine failed');
      }),
    ).rejects.toThrow('the engine failed');
    expect(leftInExchange()).toEqual([]);
    expect(readFileSync(source, 'utf8')).toBe('the input');
  });

  it('refuses a symlink as a result, and leaves nothing where the result was to go', async () => {
    const result = path.join(jobDir, 'output.webp');
    await expect(
      withExchangeSlot(exchangeDir, async (slot) => {
        symlinkSync('/etc/passwd', path.join(slot, 'out.webp'));
        return takeOut(path.join(slot, 'out.webp'), result);
      }),
    ).rejects.toThrow('something other than a file');
    expect(existsSync(result)).toBe(false);
    expect(leftInExchange()).toEqual([]);
  });
});
