import { readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '@/lib/errors';
import type { FormatName } from '@/lib/formats/catalog';
import { type Demuxers, mediaInput, runFfmpegOnInput } from './sandboxed';
import type { Engine, EngineJob } from '../types';

// Subtitles through ffmpeg, with the input rules of ../ffmpeg/sandboxed.ts: the
// demuxer is forced from the content-checked format (a playlist or concat script named .srt is
// never read as one), only the file protocol exists, and it runs sandboxed. None of these
// formats points at other files; their text is only ever copied into the output.

const DEMUXER: Demuxers = {
  srt: 'srt',
  vtt: 'webvtt',
  ass: 'ass',
  ssa: 'ass',
  sub: 'microdvd',
  lrc: 'lrc',
  smi: 'sami',
  scc: 'scc',
  mpl2: 'mpl2',
  jss: 'jacosub',
  pjs: 'pjs',
  rt: 'realtext',
  aqt: 'aqtitle',
  vplayer: 'vplayer',
  subviewer: 'subviewer',
};
const { inspect, inputArgs } = mediaInput(DEMUXER);

/**
 * Encoder and muxer of each target. SSA, MicroDVD and JACOsub are read only: ffmpeg writes SSA as
 * ASS, and has no encoder for the other two's timing. LRC keeps the plain text of each cue.
 */
const OUTPUT_ARGS: Partial<Record<FormatName, string[]>> = {
  srt: ['-c:s', 'srt', '-f', 'srt'],
  vtt: ['-c:s', 'webvtt', '-f', 'webvtt'],
  ass: ['-c:s', 'ass', '-f', 'ass'],
  ttml: ['-c:s', 'ttml', '-f', 'ttml'],
  lrc: ['-c:s', 'text', '-f', 'lrc'],
};

const INPUTS = Object.keys(DEMUXER) as FormatName[];
const TARGETS = Object.keys(OUTPUT_ARGS) as FormatName[];

/**
 * ffmpeg 5.1's WebVTT reader loses every cue after a STYLE or REGION block (CSS and layout it
 * ignores anyway): the engine reads a copy without them. The input is at most the upload limit.
 */
async function withoutVttBlocks(job: EngineJob): Promise<EngineJob> {
  const text = await readFile(job.inputPath, 'utf8');
  const blocks = text.replace(/\r\n?/g, '\n').split(/\n{2,}/);
  const kept = blocks.filter((b) => !/^(STYLE|REGION)[ \t]*(\n|$)/.test(b.trimStart()));
  if (kept.length === blocks.length) return job;
  const inputPath = path.join(job.workDir, 'input-cues.vtt');
  await writeFile(inputPath, kept.join('\n\n'));
  return { ...job, inputPath };
}

async function convert(original: EngineJob): Promise<void> {
  const job = original.inputFormat === 'vtt' ? await withoutVttBlocks(original) : original;
  // One ffmpeg run, its info log read by runFfmpegOnInput: an input it cannot open is the 400
  // "could not be read". No frame cap (cappedInputArgs): subtitles decode to text, not pictures.
  const args = [
    ...['-nostdin', '-hide_banner', '-nostats', '-loglevel', 'info', '-y'],
    ...inputArgs(job),
    ...['-map', '0:s:0', '-map_metadata', '-1', '-fflags', '+bitexact'],
    ...OUTPUT_ARGS[job.targetFormat]!,
    `file:${job.outputPath}`,
  ];
  // A subtitle track has no length worth a progress scale: 1 when ffmpeg has opened it, then 100.
  await runFfmpegOnInput(job, args, () => undefined);
  const written = await stat(job.outputPath).catch(() => undefined);
  if (!written?.size) throw new AppError('unsupported_format', 'No subtitle cues could be read from the file.');
  job.onProgress(100);
}

export const subtitleEngine: Engine = {
  name: 'subtitle',
  requires: ['ffmpeg'],
  conversions: [
    { from: INPUTS.filter((f) => f !== 'ass' && f !== 'ssa'), to: TARGETS },
    // ffmpeg copies an SSA header into its ASS output, and needs the script's PlayRes for TTML.
    { from: ['ass', 'ssa'], to: TARGETS.filter((f) => f !== 'ass' && f !== 'ttml') },
  ],
  inspect,
  convert,
};
