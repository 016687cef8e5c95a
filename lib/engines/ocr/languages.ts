import { readdirSync } from 'node:fs';
import { config } from '@/lib/config';
import { OCR_LANGUAGE_CODE } from '@/lib/domain/tools';

// The OCR languages are the traineddata files installed on this machine (Debian's
// tesseract-ocr-<lang> packages, scripts/setup.sh): the list is read from the folder, never kept
// by hand. `osd` (orientation and script detection) is a helper model, not a language.

export const tessdataDir = () => config.ocrTessdataDir;

/** English names of the languages Debian packages most often; other codes show as the code. */
const NAMES: Record<string, string> = {
  eng: 'English',
  deu: 'German',
  fra: 'French',
  spa: 'Spanish',
  ita: 'Italian',
  por: 'Portuguese',
  nld: 'Dutch',
  pol: 'Polish',
  ces: 'Czech',
  dan: 'Danish',
  swe: 'Swedish',
  nor: 'Norwegian',
  fin: 'Finnish',
  rus: 'Russian',
  ukr: 'Ukrainian',
  tur: 'Turkish',
  ell: 'Greek',
  ara: 'Arabic',
  heb: 'Hebrew',
  hin: 'Hindi',
  jpn: 'Japanese',
  kor: 'Korean',
  chi_sim: 'Chinese (Simplified)',
  chi_tra: 'Chinese (Traditional)',
  hun: 'Hungarian',
  ron: 'Romanian',
  cat: 'Catalan',
  vie: 'Vietnamese',
};

export type OcrLanguage = { code: string; name: string };

let cached: { at: number; list: OcrLanguage[] } | undefined;

/** Installed languages, sorted by code (re-read at most once a minute, so a new pack shows up). */
export function installedLanguages(): OcrLanguage[] {
  if (cached && Date.now() - cached.at < 60_000) return cached.list;
  let files: string[] = [];
  try {
    files = readdirSync(tessdataDir());
  } catch {
    files = [];
  }
  const list = files
    .map((f) => /^(.+)\.traineddata$/.exec(f)?.[1])
    .filter((code): code is string => code !== undefined && code !== 'osd' && OCR_LANGUAGE_CODE.test(code))
    .sort()
    .map((code) => ({ code, name: NAMES[code] ?? code }));
  cached = { at: Date.now(), list };
  return list;
}
