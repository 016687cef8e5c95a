import { recordsOf } from './format-record';
import { subtitleIs } from './subtitle-text';
import { PLAIN_TEXT as TEXT } from './mime';

// Subtitles and lyrics: all text, told apart by their content (./subtitle-text.ts).

const sub = recordsOf('subtitle');
const byContent = (id: Parameters<typeof subtitleIs>[0]) => ({ detect: { text: subtitleIs(id) } });

export const SUBTITLE = {
  srt: sub('application/x-subrip', 'SubRip subtitles', 'srt', { aliases: ['subrip'], ...byContent('srt') }),
  vtt: sub('text/vtt; charset=utf-8', 'WebVTT subtitles', 'vtt', { aliases: ['webvtt'], ...byContent('vtt') }),
  ass: sub('text/x-ass; charset=utf-8', 'Advanced SubStation Alpha subtitles', 'ass', byContent('ass')),
  ssa: sub('text/x-ssa; charset=utf-8', 'SubStation Alpha subtitles', 'ssa', byContent('ssa')),
  ttml: sub('application/ttml+xml', 'TTML subtitles', 'ttml', { aliases: ['dfxp'], ...byContent('ttml') }),
  sub: sub(TEXT, 'MicroDVD subtitles', 'sub', byContent('sub')),
  lrc: sub(TEXT, 'LRC lyrics', 'lrc', byContent('lrc')),
  smi: sub('application/smil+xml', 'SAMI subtitles', 'smi', { aliases: ['sami'], ...byContent('smi') }),
  scc: sub(TEXT, 'Scenarist closed captions', 'scc', byContent('scc')),
  mpl2: sub(TEXT, 'MPL2 subtitles', 'mpl', { aliases: ['mpl'], ...byContent('mpl2') }),
  jss: sub(TEXT, 'JACOsub subtitles', 'jss', byContent('jss')),
  pjs: sub(TEXT, 'Phoenix Japanimation subtitles', 'pjs', byContent('pjs')),
  rt: sub('text/vnd.rn-realtext', 'RealText subtitles', 'rt', byContent('rt')),
  aqt: sub(TEXT, 'AQTitle subtitles', 'aqt', byContent('aqt')),
  vplayer: sub(TEXT, 'VPlayer subtitles', 'txt', byContent('vplayer')),
  subviewer: sub(TEXT, 'SubViewer subtitles', 'sub', byContent('subviewer')),
} as const;
