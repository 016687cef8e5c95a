import { rename, stat } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '@/lib/errors';
import type { FormatName } from '@/lib/formats/catalog';
import { detectFormat } from '@/lib/formats/detect-format';
import { readHead } from '@/lib/formats/read-head';
import { ffmpegCommand, OUTPUT_ARGS } from '../ffmpeg/args';
import { assertFfmpegOk, mediaInput, runFfmpeg } from '../ffmpeg/sandboxed';
import { runInJob } from '../sandbox/run-in-job';
import { EngineError } from '../sandbox/sandbox';
import type { Engine, EngineJob } from '../types';

// MIDI → audio: TiMidity++ renders the song with the FreePats instruments into a WAV
// in the job folder, then ffmpeg encodes the target from it. A MIDI file names no other files;
// the rendering is capped by the WAV's size (RLIMIT_FSIZE), so a song stretched to hours by its
// tempo cannot fill the disk.

/** FreePats' own configuration (Debian's timidity.cfg sources a soundfont that may be absent). */
const CONFIG = '/etc/timidity/freepats.cfg';
/** About 20 minutes of 44.1 kHz 16-bit stereo. */
const MAX_WAV_BYTES = 212 * 1024 ** 2;

const TARGETS = ['wav', 'mp3', 'flac', 'ogg', 'm4a', 'opus'] as const satisfies readonly FormatName[];
const OPUS = ['-c:a', 'libopus', '-b:a', '128k', '-f', 'opus'];

const wavInput = mediaInput({ wav: 'wav' });

async function inspect(job: Pick<EngineJob, 'inputPath' | 'inputFormat'>): Promise<void> {
  if ((await detectFormat(await readHead(job.inputPath), `input.${job.inputFormat}`)) !== job.inputFormat) {
    throw new AppError('unsupported_format', 'The file is not a MIDI file.');
  }
}

async function convert(job: EngineJob): Promise<void> {
  const wav = path.join(job.workDir, 'rendered.wav');
  const r = await runInJob(job, 'timidity', ['-idqq', '-c', CONFIG, '-s', '44100', '-Ow', '-o', wav, job.inputPath], {
    extraRoBinds: [path.dirname(CONFIG)],
    fileSizeLimitBytes: MAX_WAV_BYTES,
  });
  // Past the size cap timidity dies with SIGXFSZ (exit 128 + 25 through prlimit).
  if (r.signal === 'SIGXFSZ' || r.code === 153)
    throw new AppError('unsupported_format', 'The MIDI song is longer than 20 minutes.');
  if (r.code !== 0) throw new EngineError(`timidity failed (exit ${r.code ?? r.signal}): ${r.stderrTail.trim()}`);
  // A bare 44-byte header: nothing rendered (no notes, or timing the renderer refuses to count).
  if (((await stat(wav).catch(() => undefined))?.size ?? 0) <= 44) {
    throw new AppError('unsupported_format', 'The MIDI file has nothing to play.');
  }
  job.onProgress(50);
  if (job.targetFormat === 'wav') {
    await rename(wav, job.outputPath);
  } else {
    const rendered = { ...job, inputPath: wav, inputFormat: 'wav' as const };
    const codec = job.targetFormat === 'opus' ? OPUS : OUTPUT_ARGS[job.targetFormat]!;
    const args = ffmpegCommand({ input: wavInput.inputArgs(rendered), streams: [], codec, outputPath: job.outputPath });
    assertFfmpegOk(await runFfmpeg(rendered, args, undefined));
  }
  job.onProgress(100);
}

export const midiEngine: Engine = {
  name: 'midi',
  requires: ['timidity', 'ffmpeg'],
  // A standard MIDI file, or one wrapped in RIFF (RMID): TiMidity++ reads both.
  conversions: [{ from: ['mid', 'rmi'], to: TARGETS }],
  inspect,
  convert,
};
