import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import * as upload from '@/app/api/v1/convert/upload/route';
import * as formats from '@/app/api/v1/formats/route';
import * as health from '@/app/api/v1/health/route';
import { config } from '@/lib/config';
import { configProblems } from '@/lib/config/validate-config';
import { db } from '@/lib/db';
import { findEngine } from '@/lib/engines/registry';
import { FORMATS, type FormatName } from '@/lib/formats/catalog';
import { RouteClient, uploadForm } from '@/tests/support/route-client';
import { withEnv } from '@/tests/support/env';
import { makePng } from '@/tests/support/fixtures';

// The next-only guard throws outside a React server bundle; the page's data module is ours and real.
vi.mock('server-only', () => ({}));

// Formats and engines an operator turns off (FORMATS_DISABLED, ENGINES_DISABLED): gone from the
// listing, the /formats page and every lookup, refused with a 400 that names the policy, reported by
// health. The policy is read per call, so each case sets it for itself.

type Listed = { format: FormatName; family: string; targets: FormatName[] };

async function listed(): Promise<Listed[]> {
  const res = await new RouteClient().call(formats.GET, { path: '/api/v1/formats' });
  expect(res.status).toBe(200);
  return ((await res.json()) as { formats: Listed[] }).formats;
}

/** Every format the listing names, as a source or as a target. */
const named = (list: Listed[]) => new Set(list.flatMap((f) => [f.format, ...f.targets]));
const targetsOf = (list: Listed[], format: FormatName) => list.find((f) => f.format === format)?.targets;

const inputFiles = async () => readdir(path.join(config.filesDir, 'inputs')).catch(() => [] as string[]);

describe('FORMATS_DISABLED and ENGINES_DISABLED', () => {
  it('a disabled format is neither a source nor a target of GET /api/v1/formats', async () => {
    expect(named(await listed())).toContain('heic');
    await withEnv({ FORMATS_DISABLED: 'heic' }, async () => {
      const list = await listed();
      expect(list.map((f) => f.format)).not.toContain('heic');
      expect(named(list)).not.toContain('heic');
      expect(targetsOf(list, 'png')).toContain('webp');
    });
    expect(named(await listed())).toContain('heic');
  });

  it('a family turns off every format of it', async () => {
    const videos = [...named(await listed())].filter((f) => FORMATS[f].family === 'video');
    expect(videos).toEqual(expect.arrayContaining(['mp4', 'webm', 'mkv']));
    await withEnv({ FORMATS_DISABLED: 'video' }, async () => {
      const list = await listed();
      expect([...named(list)].filter((f) => FORMATS[f].family === 'video')).toEqual([]);
      expect(targetsOf(list, 'mp3')).toContain('wav');
      expect(findEngine('gif', 'mp4')).toBeUndefined();
    });
  });

  it('a conversion from or to a disabled format is a 400 naming the policy, with no row and no stored file', async () => {
    const client = new RouteClient();
    const png = await makePng();
    const before = { rows: await db.conversion.count(), files: (await inputFiles()).length };
    const cases: Array<[string, string, string]> = [
      ['heic', 'heic', 'heic is disabled on this server (FORMATS_DISABLED)'],
      ['image', 'webp', 'png is disabled on this server (FORMATS_DISABLED)'],
      ['png', 'jpg', 'png is disabled on this server (FORMATS_DISABLED)'],
    ];
    for (const [disabled, target, message] of cases) {
      await withEnv({ FORMATS_DISABLED: disabled }, async () => {
        const res = await client.call(upload.POST, {
          method: 'POST',
          path: '/api/v1/convert/upload',
          body: uploadForm(png, 'a.png', target),
        });
        const body = (await res.json()) as { error: string; code: string };
        expect(res.status, disabled).toBe(400);
        expect(body.code, disabled).toBe('unsupported_conversion');
        expect(body.error, disabled).toContain(message);
      });
    }
    expect(await db.conversion.count()).toBe(before.rows);
    expect((await inputFiles()).length).toBe(before.files);
  });

  it('a disabled engine takes away the pairs only it converts; a pair another engine serves stays', async () => {
    const before = await listed();
    expect(targetsOf(before, 'mobi')).toContain('epub');
    expect(findEngine('docx', 'odt')?.name).toBe('libreoffice');
    await withEnv({ ENGINES_DISABLED: 'calibre' }, async () => {
      const list = await listed();
      expect(targetsOf(list, 'mobi') ?? []).not.toContain('epub');
      expect(findEngine('mobi', 'epub')).toBeUndefined();
      expect(targetsOf(list, 'docx')).toContain('odt');
    });
    await withEnv({ ENGINES_DISABLED: 'libreoffice' }, async () => {
      const list = await listed();
      expect(findEngine('docx', 'odt')?.name).toBe('pandoc');
      expect(targetsOf(list, 'docx')).toContain('odt');
      expect(targetsOf(list, 'pptx') ?? []).not.toContain('pdf');
      expect(findEngine('pptx', 'pdf')).toBeUndefined();
    });
  });

  it('a merge does not take a file whose way to PDF is turned off', async () => {
    expect(findEngine('mobi', 'pdf', 'merge')?.name).toBe('merge');
    await withEnv({ ENGINES_DISABLED: 'calibre' }, async () => {
      expect(findEngine('mobi', 'pdf', 'merge')).toBeUndefined();
      expect(findEngine('png', 'pdf', 'merge')?.name).toBe('merge');
    });
  });

  it('the /formats page data leaves the disabled formats out', async () => {
    const { loadFormatReference } = await import('@/lib/engines/format-reference-data');
    expect(loadFormatReference().terms.heic).toBeDefined();
    await withEnv({ FORMATS_DISABLED: 'heic,video' }, async () => {
      const page = loadFormatReference();
      expect(page.terms.heic).toBeUndefined();
      expect(page.terms.mp4).toBeUndefined();
      expect(page.sources.map((s) => s.format)).not.toContain('heic');
      expect(page.sources.flatMap((s) => s.targets)).not.toContain('heic');
      expect(page.terms.png).toBeDefined();
    });
  });

  it('health reports what is off, and warns of an engine name that turns nothing off', async () => {
    await withEnv({ FORMATS_DISABLED: 'heic, Video', ENGINES_DISABLED: 'calibre,calibri' }, async () => {
      const res = await health.GET(new Request('http://localhost/api/v1/health'), { params: Promise.resolve({}) });
      const body = (await res.json()) as { policy: unknown; warnings: string[] };
      expect(body.policy).toEqual({ formats_disabled: ['heic', 'video'], engines_disabled: ['calibre', 'calibri'] });
      expect(body.warnings).toContain('ENGINES_DISABLED names no engine: calibri');
    });
  });

  it('a name in FORMATS_DISABLED that is neither a format nor a family stops the process at start', () => {
    expect(configProblems({ FORMATS_DISABLED: 'heic,video' })).toEqual([]);
    const [problem] = configProblems({ FORMATS_DISABLED: 'heic,hiec' });
    expect(problem?.name).toBe('FORMATS_DISABLED');
    expect(problem?.message).toContain('"hiec"');
  });
});
