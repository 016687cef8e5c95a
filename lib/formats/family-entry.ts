import type { FormatFamily } from './catalog';

// The catalog files' entry makers: `const img = familyEntry('image')`, then
// `img('image/png', 'PNG image', 'png')`. (Its own module: catalog.ts imports the catalog files.)

export const familyEntry =
  <F extends FormatFamily>(family: F) =>
  (mime: string, label: string, extension: string) => ({ family, mime, label, extension });
