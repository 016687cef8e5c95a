import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeJob } from '@/tests/fixtures/engine-job';
import type { FormatName } from '@/lib/formats/catalog';
import { mediaEngine } from './media-engine';
import { midiEngine } from './midi-engine';
import { subtitleEngine } from '../ffmpeg/subtitle-engine';

// Hostile input for the media, MIDI and subtitle engines: files that point at other files or
// URLs are never followed (the demuxer is forced, only the file protocol exists, the sandbox sees
// only the job folder), lying names are refused, and a raw-video pixel flood is refused up front.

let outside: string;
let secret: string;
let secretFile: string;
beforeAll(async () => {
  outside = await mkdtemp(path.join(os.tmpdir(), 'media-hostile-'));
  secret = `SECRET-${randomBytes(8).toString('hex')}`;
  secretFile = path.join(outside, 'secret.srt');
  await writeFile(secretFile, `1\n00:00:00,000 --> 00:00:09,000\n${secret}\n`);
});
afterAll(() => rm(outside, { recursive: true, force: true }));

/** A one-track MIDI file (format 0, 96 ticks a quarter) whose track holds these events (hex). */
function midiFile(eventsHex: string): Buffer {
  const events = Buffer.from(eventsHex, 'hex');
  const track = Buffer.concat([Buffer.from('MTrk'), Buffer.alloc(4), events]);
  track.writeUInt32BE(events.length, 4);
  return Buffer.concat([Buffer.from('4d54686400000006000000010060', 'hex'), track]);
}

async function convert(engine: typeof subtitleEngine, input: string | Buffer, from: FormatName, to: FormatName) {
  const job = await makeJob(Buffer.from(input), from, to);
  try {
    await engine.inspect!(job);
    await engine.convert(job);
    return await readFile(job.outputPath, 'utf8');
  } finally {
    await job.cleanup();
  }
}

describe('subtitle engine, hostile input', () => {
  it('a playlist or concat script named .srt is refused before ffmpeg sees it', async () => {
    const playlist = `#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:10,\nfile:${secretFile}\n#EXT-X-ENDLIST\n`;
    const concat = `ffconcat version 1.0\nfile '${secretFile}'\n`;
    for (const text of [playlist, concat]) {
      await expect(convert(subtitleEngine, text, 'srt', 'vtt')).rejects.toMatchObject({ code: 'unsupported_format' });
    }
  });

  it('cues naming files and URLs are copied as text; the files are never read', async () => {
    const refs = `file:${secretFile} ${secretFile} https://example.com/x.vtt`;
    const cases: Array<[FormatName, string]> = [
      [
        'srt',
        `1\n00:00:01,000 --> 00:00:02,000\n<font face="${secretFile}">${refs}</font>\n\n2\n00:00:03,000 --> 00:00:04,000\nx\n`,
      ],
      [
        'smi',
        `<SAMI><HEAD><LINK REL="stylesheet" HREF="file:${secretFile}"><STYLE SRC="${secretFile}"></STYLE></HEAD>\n` +
          `<BODY><SYNC Start=1000><P>${refs}\n<SYNC Start=2000><P>&nbsp;\n</BODY></SAMI>\n`,
      ],
      ['vtt', `WEBVTT\n\nSTYLE\n@import url("file:${secretFile}");\n\n00:00:01.000 --> 00:00:02.000\n${refs}\n`],
      [
        'ass',
        `[Script Info]\nScriptType: v4.00+\n\n[Fonts]\nfontname: ${secretFile}\n\n[Events]\n` +
          'Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text\n' +
          `Dialogue: 0,0:00:01.00,0:00:02.00,Default,,0,0,0,,{\\fn${secretFile}}${refs}\n` +
          'Dialogue: 0,0:00:03.00,0:00:04.00,Default,,0,0,0,,x\n',
      ],
    ];
    for (const [from, text] of cases) {
      for (const to of ['srt', 'vtt', 'lrc'] as const) {
        const out = await convert(subtitleEngine, text, from, to);
        expect(out, `${from} → ${to}`).not.toContain(secret);
        // The cue itself came through (a WebVTT STYLE block, which ffmpeg 5.1 trips on, is left out).
        expect(out, `${from} → ${to}`).toContain('https://example.com/x.vtt');
      }
    }
  });
});

describe('media engine, hostile input', () => {
  it('a YUV4MPEG2 header declaring a huge frame is refused before decoding', async () => {
    const flood = Buffer.concat([
      Buffer.from('YUV4MPEG2 W60000 H60000 F25:1 Ip A1:1 C420jpeg\nFRAME\n'),
      Buffer.alloc(4096),
    ]);
    await expect(convert(mediaEngine, flood, 'y4m', 'mp4')).rejects.toMatchObject({ code: 'unsupported_format' });
  });

  it('a YUV4MPEG2 frame over the cap, but one ffmpeg can size, is the 400 naming its size, with no output', async () => {
    const flood = Buffer.concat([
      Buffer.from('YUV4MPEG2 W8000 H8000 F25:1 Ip A1:1 C420jpeg\nFRAME\n'),
      Buffer.alloc(4096),
    ]);
    const job = await makeJob(flood, 'y4m', 'mp4');
    try {
      await mediaEngine.inspect!(job);
      await expect(mediaEngine.convert(job)).rejects.toMatchObject({
        code: 'unsupported_format',
        message: 'The video frame is too large (8000×8000).',
      });
      await expect(readFile(job.outputPath)).rejects.toMatchObject({ code: 'ENOENT' });
    } finally {
      await job.cleanup();
    }
  });

  it('an HLS playlist named .h264 is refused (never parsed as a stream)', async () => {
    const playlist = `#EXTM3U\n#EXTINF:10,\nfile:${secretFile}\n#EXT-X-ENDLIST\n`;
    await expect(convert(mediaEngine, playlist, 'h264', 'mp4')).rejects.toMatchObject({ code: 'unsupported_format' });
  });

  it('a MIDI song of half an hour stops at the 20-minute WAV cap with a 400', async () => {
    // One second a quarter note, then a note held 1,800 quarters.
    const midi = midiFile('00ff51030f424000903c608ac600803c4000ff2f00');
    await expect(convert(midiEngine, midi, 'mid', 'wav')).rejects.toMatchObject({
      code: 'unsupported_format',
      message: expect.stringMatching(/longer than 20 minutes/),
    });
  });

  it('a MIDI file whose timing overflows the renderer (nothing to play) is a 400, not an empty WAV', async () => {
    const midi = midiFile('00ff5103ffffff00903c60ffffff7f803c4000ff2f00');
    await expect(convert(midiEngine, midi, 'mid', 'mp3')).rejects.toMatchObject({
      code: 'unsupported_format',
      message: expect.stringMatching(/nothing to play/),
    });
  });
});

describe('media engine, multichannel input', () => {
  it('5.1 audio is downmixed for the encoders that take two channels at most (ADX, WMA)', async () => {
    const wav = path.join(outside, 'surround.wav');
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'sine=d=0.5,aformat=channel_layouts=5.1', wav]);
    const input = await readFile(wav);
    for (const to of ['adx', 'wma', 'mka'] as const) {
      const job = await makeJob(input, 'wav', to);
      try {
        await mediaEngine.inspect!(job);
        await mediaEngine.convert(job);
        expect((await readFile(job.outputPath)).length, to).toBeGreaterThan(0);
      } finally {
        await job.cleanup();
      }
    }
  });
});

describe('media and subtitle engines, progress from their one ffmpeg run', () => {
  it('a media conversion reports 1 once ffmpeg has opened the input, then progress against its duration', async () => {
    const flv = path.join(outside, 'clip.flv');
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=d=3:s=160x120:r=10', flv]);
    const job = await makeJob(await readFile(flv), 'flv', 'mp4');
    try {
      await mediaEngine.inspect!(job);
      await mediaEngine.convert(job);
      expect(job.progress[0]).toBe(1);
      // Without the duration from ffmpeg's log nothing lies between the opening 1 and the closing 100.
      expect(job.progress.some((p) => p > 1 && p < 100)).toBe(true);
      expect(job.progress.at(-1)).toBe(100);
    } finally {
      await job.cleanup();
    }
  });

  it('a subtitle conversion reports 1 once ffmpeg has opened the file, then 100; a file without cues is a 400', async () => {
    const job = await makeJob(Buffer.from('1\n00:00:01,000 --> 00:00:02,000\nhello\n'), 'srt', 'vtt');
    try {
      await subtitleEngine.convert(job);
      expect(job.progress).toEqual([1, 100]);
      expect(await readFile(job.outputPath, 'utf8')).toContain('hello');
    } finally {
      await job.cleanup();
    }
    const empty = await makeJob(Buffer.from('<SAMI><BODY></BODY></SAMI>\n'), 'smi', 'srt');
    try {
      await expect(subtitleEngine.convert(empty)).rejects.toMatchObject({
        code: 'unsupported_format',
        message: 'No subtitle cues could be read from the file.',
      });
    } finally {
      await empty.cleanup();
    }
  });
});
