import type { TextSample } from './format-record';

// Text sniffers that tell several formats apart at once (subtitles, office XML, data files): each
// record asks whether the sniffer's answer is itself, and the answer is computed once per file.

export const sniffedAs = <T extends string>(sniff: (t: TextSample) => T | null) => {
  const seen = new WeakMap<TextSample, T | null>();
  const once = (t: TextSample) => {
    if (!seen.has(t)) seen.set(t, sniff(t));
    return seen.get(t) ?? null;
  };
  return (id: T) => (t: TextSample) => once(t) === id;
};

/** The start without an XML declaration, comments and white space. */
const prolog = (start: string) => start.replace(/^(<\?xml[^>]*\?>|<!--[\s\S]*?-->|\s+)*/, '');

/** An HTML page (XHTML too, after its XML declaration). */
export const isHtml = ({ start }: TextSample) => {
  const p = prolog(start);
  return /^<!doctype html[\s>]/.test(p) || /^<html[\s>]/.test(p);
};

/** An XML document (not an HTML page) whose root element's name matches `root`: the root names the format. */
export const xmlRootIs = (root: RegExp) => (t: TextSample) =>
  !isHtml(t) && root.test(prolog(t.start).replace(/^(<!doctype[^>]*>|<!--[\s\S]*?-->|\s+)*/, ''));
