import { ascii, hexAt } from './bytes';

// Audio and video headers that take more than a magic number: elementary streams proven by their
// sync words and the unit that must follow, tracker modules by every sample header being legal.

/** Annex B start code then a NAL unit `first` accepts, and soon after one `second` accepts. */
function annexB(head: Buffer, first: (nal: number) => boolean, second: (nal: number) => boolean): boolean {
  const at = hexAt(head, '00000001') ? 4 : hexAt(head, '000001') ? 3 : -1;
  if (at < 0 || head.length < 64 || !first(head[at])) return false;
  // A second NAL unit of the kind that follows a sequence header must appear soon after.
  for (let i = at; i + 3 < Math.min(head.length, 4096); i++) {
    if (head[i] === 0 && head[i + 1] === 0 && head[i + 2] === 1 && second(head[i + 3])) return true;
  }
  return false;
}
const h264Nal = (b: number) => b & 0x1f;
const hevcNal = (b: number) => (b >> 1) & 0x3f;

/** H.264: an SPS or access unit delimiter, then a PPS. */
export const isH264 = (h: Buffer) =>
  annexB(
    h,
    (b) => [7, 9].includes(h264Nal(b)),
    (b) => h264Nal(b) === 8,
  );

/** HEVC: a VPS or access unit delimiter, then a PPS. */
export const isHevc = (h: Buffer) =>
  annexB(
    h,
    (b) => [32, 35].includes(hevcNal(b)),
    (b) => hevcNal(b) === 34,
  );

/** An MPEG-1/2 video sequence header first: video without a program stream. */
export const isMpegVideoSequence = (h: Buffer) => hexAt(h, '000001b3');

/** Raw GSM 06.10: 33-byte frames, each starting with the 0xD signature nibble (at least 10 of them). */
export function isGsm(head: Buffer): boolean {
  const frames = Math.floor(head.length / 33);
  if (frames < 10) return false;
  for (let i = 0; i < frames; i++) if (head[i * 33] >> 4 !== 0xd) return false;
  return true;
}

/**
 * ProTracker-style module: the channel tag after the 31 sample headers and the order table, and
 * every sample header's finetune (0–15) and volume (0–64) in range.
 */
export function isMod(head: Buffer): boolean {
  if (head.length < 1084) return false;
  if (!/^(M\.K\.|M!K!|FLT[48]|[2-8]CHN|[1-3][0-9]CH)$/.test(head.subarray(1080, 1084).toString('latin1'))) return false;
  for (let i = 0; i < 31; i++) {
    const at = 20 + 30 * i;
    if (head[at + 24] > 15 || head[at + 25] > 64) return false;
  }
  return true;
}

/** Impulse Tracker: the magic, then an order count and song name terminated within its field. */
export const isImpulseTracker = (h: Buffer) =>
  ascii(h, 'IMPM') && h.length >= 192 && h.readUInt16LE(32) <= 256 && h.subarray(4, 30).includes(0);

/** CRI ADX: 0x8000, the data offset, and the copyright mark just before the data. */
export function isAdx(h: Buffer): boolean {
  if (!hexAt(h, '8000') || h.length <= 40) return false;
  const offset = h.readUInt16BE(2);
  return offset >= 6 && ascii(h, '(c)CRI', offset - 2);
}

/** The IRCAM magic in either byte order, for each machine type it names. */
export const isIrcam = (h: Buffer) => /^(64a30[1-4]00|000[1-4]a364)$/.test(h.subarray(0, 4).toString('hex'));

/** Sony Wave64: the RIFF and WAVE GUIDs. */
export const isWave64 = (h: Buffer) =>
  hexAt(h, '726966662e91cf11a5d628db04c10000') && hexAt(h, '77617665f3acd3118cd100c04f8edb8a', 24);
