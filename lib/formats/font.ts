import { ascii } from './bytes';
import { dataTextIs } from './data-text';
import { recordsOf } from './format-record';

// Fonts: binary font files, FontForge sources and TTX dumps.

const font = recordsOf('font');

export const FONT = {
  ttf: font('font/ttf', 'TrueType font', 'ttf', { detect: { fileType: ['ttf'] } }),
  otf: font('font/otf', 'OpenType font', 'otf', { detect: { fileType: ['otf'] } }),
  woff2: font('font/woff2', 'WOFF2 web font', 'woff2', { detect: { fileType: ['woff2'] } }),
  woff: font('font/woff', 'WOFF web font', 'woff', {
    detect: { fileType: ['woff'], signature: (b) => ascii(b, 'wOFF') },
  }),
  ttx: font('application/x-font-ttx', 'TTX font (XML dump)', 'ttx', { detect: { text: dataTextIs('ttx') } }),
  sfd: font('application/x-fontforge-sfd', 'FontForge font source', 'sfd', {
    detect: { signature: (b) => ascii(b, 'SplineFontDB:') },
  }),
  pfb: font('application/x-font-type1', 'PostScript Type 1 font (binary)', 'pfb', {
    detect: { signature: (b) => b[0] === 0x80 && b[1] === 0x01 && ascii(b, '%!PS-AdobeFont-1', 6) },
  }),
  eot: font('application/vnd.ms-fontobject', 'Embedded OpenType (EOT) font', 'eot', { detect: { fileType: ['eot'] } }),
} as const;
