import type { FormatName } from './catalog';
import type { TailDetector } from './detect-tail';

// Recognising the long-tail audio, video and subtitles (see ./detect-tail.ts for the rules).
// Containers that hold several of our formats (ASF: wma/wmv/asf, MPEG-PS: mpeg/vob, Matroska:
// mkv/mka, RealMedia: rm/ra) let the name choose among what the bytes allow; elementary streams
// and raw containers are proven by their sync words.

const starts = (head: Buffer, hex: string) => head.subarray(0, hex.length / 2).equals(Buffer.from(hex, 'hex'));
const ascii = (head: Buffer, s: string, at = 0) => head.subarray(at, at + s.length).toString('latin1') === s;

/** A file-type answer inside a container, refined by the bytes or chosen among by the name. */
function byFileType(ftExt: string, ext: string, head: Buffer): FormatName | null {
  switch (ftExt) {
    case 'opus': // Ogg with an OpusHead / Speex header: each is its own input
      return 'opus';
    case 'spx':
      return 'spx';
    case 'mkv':
      return ext === 'mka' ? 'mka' : null;
    case 'webm':
      return ext === 'weba' ? 'weba' : null;
    case 'amr':
      return amr(head);
    case 'mid':
    case 'xm':
    case 's3m':
    case 'it':
    case 'dsf':
      return binary(head);
    case 'aif': // AIFF-C (compressed or little-endian sound data) has its own form type
      return ascii(head, 'AIFC', 8) ? 'aifc' : null;
    case 'ac3': // bsid above 10 is Enhanced AC-3
      return head.length > 5 && head[5] >> 3 > 10 ? 'eac3' : null;
    case 'mpg': // a sequence header first: MPEG-1/2 video without a program stream
      return starts(head, '000001b3') ? 'm2v' : null;
    case 'asf':
      return ext === 'asf' ? 'asf' : null;
    case 'rm':
      return ext === 'ra' ? 'ra' : 'rm';
    case 'mxf':
      return 'mxf';
    case 'swf':
      return 'swf';
    case '3g2':
      return '3g2';
    default:
      return null;
  }
}

/** Annex B start code then a NAL unit whose type `nalType` reads from its first byte. */
function annexB(head: Buffer, first: (nal: number) => boolean, second: (nal: number) => boolean): boolean {
  const at = starts(head, '00000001') ? 4 : starts(head, '000001') ? 3 : -1;
  if (at < 0 || head.length < 64 || !first(head[at])) return false;
  // A second NAL unit of the kind that follows a sequence header must appear soon after.
  for (let i = at; i + 3 < Math.min(head.length, 4096); i++) {
    if (head[i] === 0 && head[i + 1] === 0 && head[i + 2] === 1 && second(head[i + 3])) return true;
  }
  return false;
}
const h264Nal = (b: number) => b & 0x1f;
const hevcNal = (b: number) => (b >> 1) & 0x3f;

/** Raw GSM 06.10: 33-byte frames, each starting with the 0xD signature nibble (at least 10 of them). */
function isGsm(head: Buffer): boolean {
  const frames = Math.floor(head.length / 33);
  if (frames < 10) return false;
  for (let i = 0; i < frames; i++) if (head[i * 33] >> 4 !== 0xd) return false;
  return true;
}

/**
 * ProTracker-style module: the channel tag after the 31 sample headers and the order table, and
 * every sample header's finetune (0–15) and volume (0–64) in range.
 */
function isMod(head: Buffer): boolean {
  if (head.length < 1084) return false;
  if (!/^(M\.K\.|M!K!|FLT[48]|[2-8]CHN|[1-3][0-9]CH)$/.test(head.subarray(1080, 1084).toString('latin1'))) return false;
  for (let i = 0; i < 31; i++) {
    const at = 20 + 30 * i;
    if (head[at + 24] > 15 || head[at + 25] > 64) return false;
  }
  return true;
}

/** AMR speech: the narrow- and wide-band storage formats' magic lines. */
const amr = (head: Buffer): FormatName | null =>
  ascii(head, '#!AMR-WB\n') ? 'awb' : ascii(head, '#!AMR\n') ? 'amr' : null;

/** Signatures at the start of the file. */
function binary(head: Buffer): FormatName | null {
  if (ascii(head, '#!AMR')) return amr(head);
  if (ascii(head, 'MThd\0\0\0\x06')) return 'mid';
  if (ascii(head, 'RIFF') && ascii(head, 'RMIDdata', 8) && ascii(head, 'MThd', 20)) return 'rmi';
  if (ascii(head, 'DSD \x1c\0\0\0') && ascii(head, 'fmt ', 28)) return 'dsf';
  if (isMod(head)) return 'mod';
  if (ascii(head, 'Extended Module: ') && head[37] === 0x1a) return 'xm';
  if (ascii(head, 'SCRM', 44) && head[28] === 0x1a && head[29] === 16) return 's3m';
  // Impulse Tracker: the magic, then an order count and song name terminated within its field.
  if (ascii(head, 'IMPM') && head.length >= 192 && head.readUInt16LE(32) <= 256 && head.subarray(4, 30).includes(0))
    return 'it';
  if (ascii(head, 'nut/multimedia container\0')) return 'nut';
  if (ascii(head, 'YUV4MPEG2 ')) return 'y4m';
  if (ascii(head, 'DKIF') && head.readUInt16LE(4) === 0 && ascii(head, 'VP8', 8)) return 'ivf';
  if (ascii(head, 'TTA1')) return 'tta';
  if (ascii(head, '.SoX') || ascii(head, 'XoS.')) return 'sox';
  if (ascii(head, 'MMMD')) return 'mmf';
  if (ascii(head, 'RF64') && ascii(head, 'WAVE', 8)) return 'rf64';
  if (ascii(head, 'RIFF') && ascii(head, 'AMV ', 8)) return 'amv';
  if (starts(head, '726966662e91cf11a5d628db04c10000') && starts(head.subarray(24), '77617665f3acd3118cd100c04f8edb8a'))
    return 'w64';
  if (starts(head, 'b7d800203749da11a64e0007e95ead8d')) return 'wtv';
  if (starts(head, '0000000001bc') && starts(head.subarray(10), '00000000e1e2')) return 'gxf';
  if (starts(head, '8410ffffffff')) return 'roq';
  if (starts(head, '1f0700') && (head[3] & 0x3f) === 0x3f) return 'dv';
  if (starts(head, '7ffe8001')) return 'dts';
  if (starts(head.subarray(4), 'f8726fba')) return 'truehd';
  if (starts(head.subarray(4), 'f8726fbb')) return 'mlp';
  // The IRCAM magic in either byte order, for each machine type it names.
  if (/^(64a30[1-4]00|000[1-4]a364)$/.test(head.subarray(0, 4).toString('hex'))) return 'ircam';
  // CRI ADX: 0x8000, the data offset, and the copyright mark just before the data.
  if (starts(head, '8000') && head.length > 40) {
    const offset = head.readUInt16BE(2);
    if (offset >= 6 && ascii(head, '(c)CRI', offset - 2)) return 'adx';
  }
  // AV1 low-overhead bitstream: a temporal delimiter (with its size field) then a sequence header.
  if (starts(head, '12000a')) return 'obu';
  if (
    annexB(
      head,
      (b) => [7, 9].includes(h264Nal(b)),
      (b) => h264Nal(b) === 8,
    )
  )
    return 'h264';
  if (
    annexB(
      head,
      (b) => [32, 35].includes(hevcNal(b)),
      (b) => hevcNal(b) === 34,
    )
  )
    return 'hevc';
  if (isGsm(head)) return 'gsm';
  return null;
}

const lines = (raw: string) =>
  raw
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);

/**
 * The first lines (less header lines `skip` allows, and a last line the 4 KiB cut may have split)
 * match `re`: all of them, or at least half where text lines sit between the timings. At least two must.
 */
function timed(raw: string, re: RegExp, o: { half?: boolean; skip?: RegExp } = {}): boolean {
  const all = lines(raw);
  const ls = (raw.length >= 4000 ? all.slice(0, -1) : all).slice(0, 40).filter((l) => !o.skip?.test(l));
  const hits = ls.filter((l) => re.test(l)).length;
  return hits >= 2 && (o.half ? hits * 2 >= ls.length : hits === ls.length);
}

const SRT_TIME = /^\d{1,2}:\d\d:\d\d[,.]\d{1,3}\s*-->\s*\d{1,2}:\d\d:\d\d[,.]\d{1,3}/;

/** Subtitle text formats, told apart by their content (the name only among the same content). */
function text(raw: string, start: string): FormatName | null {
  if (/^webvtt(\s|$)/.test(start)) return 'vtt';
  if (start.startsWith('[script info]')) {
    return /^\s*scripttype:\s*v4\.00\+/im.test(raw) || /^\s*\[v4\+ styles\]/im.test(raw) ? 'ass' : 'ssa';
  }
  if (/^<sami[\s>]/.test(start)) return 'smi';
  if (start.startsWith('scenarist_scc v1.0')) return 'scc';
  const body = start.replace(/^(<\?xml[^>]*\?>|<!--[\s\S]*?-->|\s+)*/, '');
  if (/^<tt[\s>]/.test(body) && body.includes('http://www.w3.org/ns/ttml')) return 'ttml';
  if (/^<window[\s>]/.test(body)) return 'rt';
  const ls = lines(raw);
  if (/^\d+$/.test(ls[0] ?? '') && SRT_TIME.test(ls[1] ?? '')) return 'srt';
  if (timed(raw, /^\{\d+\}\{\d*\}/)) return 'sub';
  if (timed(raw, /^\[\d+\]\[\d*\]/)) return 'mpl2';
  if (start.startsWith('[information]') || timed(raw, /^\d\d:\d\d:\d\d\.\d\d,\d\d:\d\d:\d\d\.\d\d$/, { half: true })) {
    return 'subviewer';
  }
  if (timed(raw, /^-->>\s*\d+$/, { half: true })) return 'aqt';
  if (timed(raw, /^\d+,\d+,\s*"/)) return 'pjs';
  if (timed(raw, /^\d+:\d\d:\d\d\.\d\d\s+\d+:\d\d:\d\d\.\d\d\s/, { skip: /^#/ })) return 'jss';
  // VPlayer: a colon right after the time (logs put a space there).
  if (timed(raw, /^\d{1,2}:\d\d:\d\d(\.\d+)?:/)) return 'vplayer';
  // LRC: [mm:ss.xx] lines (hundredths: chat logs' [12:00:01] are not), after optional [ar:…]/[ti:…] tags.
  if (timed(raw, /^(\[\d+:\d\d\.\d{2,3}\])+/, { skip: /^\[[a-z]+:[^\]]*\]$/i })) return 'lrc';
  return null;
}

export const MEDIA_DETECTOR: TailDetector = { byFileType, binary, text };
