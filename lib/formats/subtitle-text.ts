import type { TextSample } from './format-record';
import { sniffedAs } from './text-sniff';

// Subtitle text formats, told apart by their content (the name only among the same content).

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

function subtitle({ raw, start }: TextSample) {
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

/** `subtitleIs('srt')`: the subtitle sniffer's answer is SubRip. */
export const subtitleIs = sniffedAs(subtitle);
