import type { FormatInfo } from './catalog';
import { familyEntry } from './family-entry';

// More formats (issue 13): audio, video and subtitles (ffmpeg). Spread into FORMATS by ./catalog.ts; listed in
// GET /api/v1/formats only when an installed engine converts them (lib/engines/registry.ts).

const audio = familyEntry('audio');
const video = familyEntry('video');
const sub = familyEntry('subtitle');
const TEXT = 'text/plain; charset=utf-8';

export const MEDIA_TAIL = {
  // audio
  spx: audio('audio/ogg; codecs=speex', 'Speex audio', 'spx'),
  mka: audio('audio/x-matroska', 'Matroska audio', 'mka'),
  m4b: audio('audio/mp4', 'M4B audiobook', 'm4b'),
  m4r: audio('audio/x-m4r', 'iPhone ringtone (M4R)', 'm4r'),
  weba: audio('audio/webm', 'WebM audio', 'weba'),
  amr: audio('audio/amr', 'AMR-NB speech audio', 'amr'),
  awb: audio('audio/amr-wb', 'AMR-WB speech audio', 'awb'),
  aifc: audio('audio/x-aifc', 'AIFF-C audio', 'aifc'),
  dsf: audio('audio/x-dsf', 'DSD stream file (DSF)', 'dsf'),
  mid: audio('audio/midi', 'MIDI music', 'mid'),
  rmi: audio('audio/mid', 'RIFF MIDI music', 'rmi'),
  mod: audio('audio/x-mod', 'ProTracker module', 'mod'),
  xm: audio('audio/x-xm', 'FastTracker 2 module', 'xm'),
  s3m: audio('audio/x-s3m', 'Scream Tracker 3 module', 's3m'),
  it: audio('audio/x-it', 'Impulse Tracker module', 'it'),
  gsm: audio('audio/x-gsm', 'GSM 06.10 audio', 'gsm'),
  tta: audio('audio/x-tta', 'True Audio (TTA)', 'tta'),
  w64: audio('audio/x-w64', 'Sony Wave64 audio', 'w64'),
  rf64: audio('audio/x-rf64', 'RF64 (large WAV) audio', 'rf64'),
  mmf: audio('application/vnd.smaf', 'Yamaha SMAF audio', 'mmf'),
  eac3: audio('audio/eac3', 'Dolby Digital Plus (E-AC-3) audio', 'eac3'),
  dts: audio('audio/vnd.dts', 'DTS audio', 'dts'),
  truehd: audio('audio/vnd.dolby.mlp', 'Dolby TrueHD audio', 'thd'),
  mlp: audio('audio/vnd.dolby.mlp', 'Meridian Lossless Packing audio', 'mlp'),
  adx: audio('audio/x-adx', 'CRI ADX audio', 'adx'),
  sox: audio('audio/x-sox', 'SoX native audio', 'sox'),
  ircam: audio('audio/x-ircam', 'IRCAM sound', 'sf'),
  ra: audio('audio/x-pn-realaudio', 'RealAudio', 'ra'),
  // video
  mxf: video('application/mxf', 'MXF video', 'mxf'),
  nut: video('video/x-nut', 'NUT video', 'nut'),
  asf: video('video/x-ms-asf', 'ASF video', 'asf'),
  '3g2': video('video/3gpp2', '3GPP2 video', '3g2'),
  f4v: video('video/x-f4v', 'Flash MP4 video (F4V)', 'f4v'),
  ismv: video('video/vnd.ms-sstr+xml', 'Smooth Streaming video (ISMV)', 'ismv'),
  rm: video('application/vnd.rn-realmedia', 'RealMedia video', 'rm'),
  swf: video('application/x-shockwave-flash', 'Flash SWF video', 'swf'),
  dv: video('video/x-dv', 'DV video', 'dv'),
  gxf: video('application/gxf', 'GXF video', 'gxf'),
  y4m: video('video/x-yuv4mpeg', 'YUV4MPEG2 raw video', 'y4m'),
  h264: video('video/h264', 'H.264 elementary stream', 'h264'),
  hevc: video('video/h265', 'H.265/HEVC elementary stream', 'hevc'),
  m2v: video('video/mpeg', 'MPEG video elementary stream', 'm2v'),
  ivf: video('video/x-ivf', 'IVF (VP8) video', 'ivf'),
  wtv: video('video/x-wtv', 'Windows Recorded TV', 'wtv'),
  roq: video('video/x-roq', 'id RoQ video', 'roq'),
  obu: video('video/av1', 'AV1 bitstream (OBU)', 'obu'),
  amv: video('video/x-amv', 'AMV video', 'amv'),
  // subtitles
  srt: sub('application/x-subrip', 'SubRip subtitles', 'srt'),
  vtt: sub('text/vtt; charset=utf-8', 'WebVTT subtitles', 'vtt'),
  ass: sub('text/x-ass; charset=utf-8', 'Advanced SubStation Alpha subtitles', 'ass'),
  ssa: sub('text/x-ssa; charset=utf-8', 'SubStation Alpha subtitles', 'ssa'),
  ttml: sub('application/ttml+xml', 'TTML subtitles', 'ttml'),
  sub: sub(TEXT, 'MicroDVD subtitles', 'sub'),
  lrc: sub(TEXT, 'LRC lyrics', 'lrc'),
  smi: sub('application/smil+xml', 'SAMI subtitles', 'smi'),
  scc: sub(TEXT, 'Scenarist closed captions', 'scc'),
  mpl2: sub(TEXT, 'MPL2 subtitles', 'mpl'),
  jss: sub(TEXT, 'JACOsub subtitles', 'jss'),
  pjs: sub(TEXT, 'Phoenix Japanimation subtitles', 'pjs'),
  rt: sub('text/vnd.rn-realtext', 'RealText subtitles', 'rt'),
  aqt: sub(TEXT, 'AQTitle subtitles', 'aqt'),
  vplayer: sub(TEXT, 'VPlayer subtitles', 'txt'),
  subviewer: sub(TEXT, 'SubViewer subtitles', 'sub'),
} as const satisfies Record<string, FormatInfo>;
