import type { FormatName } from '@/lib/formats/catalog';

// The pairs that lose content today, each with what it loses. Unlike ./exceptions.ts (what a
// format cannot carry), these are faults of an engine we have not fixed yet: the matrix expects
// their content check to fail, so a fix shows up as a failing test until its entry is removed.

type KnownLoss = { from?: readonly FormatName[]; to?: readonly FormatName[]; loss: string };

/** pandoc writers that drop the title of a DocBook, JATS or reStructuredText document. */
const TITLELESS_WRITERS: readonly FormatName[] = [
  'dokuwiki',
  'haddock',
  'icml',
  'ipynb',
  'jira',
  'mediawiki',
  'textile',
  'xwiki',
  'zimwiki',
];

/** What ImageMagick writes a FITS to (the sample itself is read by our own reader, in colour). */
const FITS_TARGETS: readonly FormatName[] = [
  ...['bmp', 'dds', 'dpx', 'gif', 'hdr', 'ico', 'jng', 'jp2', 'jpg', 'miff', 'mng', 'pam', 'pbm', 'pcx'],
  ...['pgm', 'png', 'ppm', 'psd', 'ras', 'sgi', 'tga', 'tiff', 'viff', 'webp', 'xbm', 'xpm', 'xwd'],
] as FormatName[];

const LOSSES: readonly KnownLoss[] = [
  {
    from: ['docbook', 'jats'],
    to: [...TITLELESS_WRITERS, 'commonmark', 'markua'],
    loss: "the document's title: these pandoc writers have no place for it",
  },
  { from: ['rst'], to: TITLELESS_WRITERS, loss: "the document's title: these pandoc writers have no place for it" },
  {
    from: ['txt', 'csv', 'rst', 'docbook', 'jats'],
    to: ['opml'],
    loss: "text not under a heading: pandoc's OPML writer keeps only headings and what follows them",
  },
  {
    from: ['ppt', 'pot', 'pps'],
    to: ['uop'],
    loss: "the slides' text: LibreOffice's UOF export of an imported PowerPoint",
  },
  {
    from: ['fb2'],
    to: ['epub'],
    loss: 'everything: pandoc 2.17 fails ("not found in reftable") on a section with a title',
  },
  {
    from: ['fits'],
    to: FITS_TARGETS,
    loss: 'the colour: ImageMagick 6 reads only the first plane of an RGB FITS, as grey',
  },
  { to: ['pcd'], loss: "the picture: ImageMagick 6's Photo CD writer writes a near-white image" },
  { from: ['pcd'], loss: 'the picture: the Photo CD sample, written by ImageMagick 6, is near-white' },
  { from: ['sixel'], to: ['jpg', 'tiff', 'webp'], loss: 'the picture: ImageMagick 6 reads this sixel as black' },
  {
    from: ['cin'],
    to: ['pam', 'pgm', 'tiff'],
    loss: 'the brightness: Cineon log values are written without conversion',
  },
  { from: ['ico', 'cur'], to: ['pam', 'psd'], loss: 'the picture: transparent or garbled' },
  { from: ['bmp', 'viff'], to: ['psd', 'psb'], loss: 'the colours: a truncated indexed Photoshop document' },
  { from: ['bmp'], to: ['ipl'], loss: 'everything: an IPL file ImageMagick cannot read back' },
  { from: ['xbm'], to: ['viff'], loss: 'everything: a VIFF file ImageMagick cannot read back' },
  { from: ['pgm'], to: ['hdr'], loss: 'the grey levels: mid-greys come out brightened (54 → 126)' },
  {
    from: ['tga'],
    to: ['tiff'],
    loss: "the orientation: upside down in readers that honour the TIFF's orientation tag",
  },
  { from: ['djvu'], to: ['ps'], loss: 'the page: a landscape page is turned a quarter onto a portrait one' },
  { from: ['ra'], to: ['m4a'], loss: 'the length: the file states 0.145 s of its 1 s, so players stop there' },
];

/** What `from` → `to` loses today, if it is a known loss (`format` → itself: its sample as written). */
export function knownLoss(from: FormatName, to: FormatName): string | undefined {
  return LOSSES.find((l) => (!l.from || l.from.includes(from)) && (!l.to || l.to.includes(to)))?.loss;
}
