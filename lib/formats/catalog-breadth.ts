import { familyEntry } from './family-entry';

// The long-tail formats (issue 13), spread into FORMATS by ./catalog.ts. Whether one is listed
// in GET /api/v1/formats depends on the engines installed (lib/engines/registry.ts).

const img = familyEntry('image');

export const MORE_IMAGES = {
  psd: img('image/vnd.adobe.photoshop', 'Photoshop image', 'psd'),
  xcf: img('image/x-xcf', 'GIMP image', 'xcf'),
  tga: img('image/x-tga', 'Targa image', 'tga'),
  pcx: img('image/x-pcx', 'PCX image', 'pcx'),
  ppm: img('image/x-portable-pixmap', 'Portable pixmap', 'ppm'),
  pgm: img('image/x-portable-graymap', 'Portable graymap', 'pgm'),
  pbm: img('image/x-portable-bitmap', 'Portable bitmap', 'pbm'),
  pam: img('image/x-portable-arbitrarymap', 'Portable arbitrary map', 'pam'),
  dds: img('image/vnd-ms.dds', 'DirectDraw surface', 'dds'),
  ico: img('image/vnd.microsoft.icon', 'Windows icon', 'ico'),
  cur: img('image/x-win-bitmap', 'Windows cursor', 'cur'),
  sgi: img('image/x-sgi', 'SGI image', 'sgi'),
  xbm: img('image/x-xbitmap', 'X bitmap', 'xbm'),
  xpm: img('image/x-xpixmap', 'X pixmap', 'xpm'),
  fits: img('image/fits', 'FITS image', 'fits'),
  hdr: img('image/vnd.radiance', 'Radiance HDR image', 'hdr'),
  jp2: img('image/jp2', 'JPEG 2000 image', 'jp2'),
  mng: img('video/x-mng', 'MNG animation', 'mng'),
  ras: img('image/x-sun-raster', 'Sun raster image', 'ras'),
  dpx: img('image/x-dpx', 'DPX image', 'dpx'),
  cin: img('image/x-cineon', 'Cineon image', 'cin'),
  miff: img('image/x-miff', 'ImageMagick MIFF image', 'miff'),
  viff: img('image/x-viff', 'Khoros VIFF image', 'viff'),
  jng: img('image/x-jng', 'JPEG Network Graphics', 'jng'),
  xwd: img('image/x-xwindowdump', 'X window dump', 'xwd'),
  jxl: img('image/jxl', 'JPEG XL image', 'jxl'),
  // camera RAW
  cr2: img('image/x-canon-cr2', 'Canon RAW (CR2)', 'cr2'),
  nef: img('image/x-nikon-nef', 'Nikon RAW (NEF)', 'nef'),
  arw: img('image/x-sony-arw', 'Sony RAW (ARW)', 'arw'),
  dng: img('image/x-adobe-dng', 'Adobe DNG', 'dng'),
  orf: img('image/x-olympus-orf', 'Olympus RAW (ORF)', 'orf'),
  rw2: img('image/x-panasonic-rw2', 'Panasonic RAW (RW2)', 'rw2'),
  raf: img('image/x-fuji-raf', 'Fujifilm RAW (RAF)', 'raf'),
} as const;

const vec = familyEntry('vector');

export const VECTOR = {
  svg: vec('image/svg+xml', 'SVG drawing', 'svg'),
  eps: vec('application/postscript', 'Encapsulated PostScript', 'eps'),
  ps: vec('application/postscript', 'PostScript', 'ps'),
} as const;

const doc = familyEntry('document');
const TEXT = 'text/plain; charset=utf-8';

export const MARKUP = {
  md: doc('text/markdown; charset=utf-8', 'Markdown', 'md'),
  rst: doc('text/x-rst; charset=utf-8', 'reStructuredText', 'rst'),
  adoc: doc('text/asciidoc; charset=utf-8', 'AsciiDoc', 'adoc'),
  org: doc('text/x-org; charset=utf-8', 'Org mode', 'org'),
  tex: doc('application/x-tex; charset=utf-8', 'LaTeX source', 'tex'),
  mediawiki: doc(TEXT, 'MediaWiki markup', 'wiki'),
  dokuwiki: doc(TEXT, 'DokuWiki markup', 'txt'),
  textile: doc('text/x-textile; charset=utf-8', 'Textile', 'textile'),
  jira: doc(TEXT, 'Jira wiki markup', 'txt'),
  muse: doc(TEXT, 'Emacs Muse', 'muse'),
  t2t: doc(TEXT, 'txt2tags', 't2t'),
  creole: doc(TEXT, 'Creole wiki markup', 'creole'),
  man: doc('text/troff; charset=utf-8', 'Man page (roff)', 'man'),
  docbook: doc('application/docbook+xml', 'DocBook XML', 'dbk'),
  jats: doc('application/jats+xml', 'JATS XML', 'xml'),
  opml: doc('text/x-opml+xml', 'OPML outline', 'opml'),
  ipynb: doc('application/x-ipynb+json', 'Jupyter notebook', 'ipynb'),
  texinfo: doc('application/x-texinfo', 'Texinfo', 'texi'),
  icml: doc('application/xml', 'InDesign ICML', 'icml'),
  tei: doc('application/tei+xml', 'TEI XML', 'xml'),
  zimwiki: doc(TEXT, 'Zim wiki markup', 'txt'),
  gfm: doc('text/markdown; charset=utf-8', 'GitHub-flavoured Markdown', 'md'),
  commonmark: doc('text/markdown; charset=utf-8', 'CommonMark', 'md'),
  markua: doc('text/markdown; charset=utf-8', 'Markua', 'md'),
  revealjs: doc('text/html; charset=utf-8', 'reveal.js slides (HTML)', 'html'),
  slidy: doc('text/html; charset=utf-8', 'Slidy slides (HTML)', 'html'),
  beamer: doc('application/x-tex; charset=utf-8', 'Beamer slides (LaTeX)', 'tex'),
  context: doc('application/x-tex; charset=utf-8', 'ConTeXt source', 'tex'),
  ms: doc('text/troff; charset=utf-8', 'roff ms', 'ms'),
  haddock: doc(TEXT, 'Haddock markup', 'txt'),
  xwiki: doc(TEXT, 'XWiki markup', 'txt'),
  tikiwiki: doc(TEXT, 'TikiWiki markup', 'txt'),
  twiki: doc(TEXT, 'TWiki markup', 'txt'),
  vimwiki: doc(TEXT, 'Vimwiki markup', 'wiki'),
  bibtex: doc('application/x-bibtex', 'BibTeX bibliography', 'bib'),
  biblatex: doc('application/x-bibtex', 'BibLaTeX bibliography', 'bib'),
  csljson: doc('application/vnd.citationstyles.csl+json', 'CSL JSON bibliography', 'json'),
  dzslides: doc('text/html; charset=utf-8', 'DZSlides slides (HTML)', 'html'),
  s5: doc('text/html; charset=utf-8', 'S5 slides (HTML)', 'html'),
  slideous: doc('text/html; charset=utf-8', 'Slideous slides (HTML)', 'html'),
  fb2: { family: 'ebook', mime: 'application/x-fictionbook+xml', label: 'FictionBook', extension: 'fb2' },
  epub: { family: 'ebook', mime: 'application/epub+zip', label: 'EPUB e-book', extension: 'epub' },
} as const;

const arc = familyEntry('archive');

export const ARCHIVES = {
  zip: arc('application/zip', 'ZIP archive', 'zip'),
  '7z': arc('application/x-7z-compressed', '7-Zip archive', '7z'),
  tar: arc('application/x-tar', 'TAR archive', 'tar'),
  tgz: arc('application/gzip', 'Gzipped TAR archive', 'tar.gz'),
  tbz2: arc('application/x-bzip2', 'Bzip2 TAR archive', 'tar.bz2'),
  txz: arc('application/x-xz', 'XZ TAR archive', 'tar.xz'),
  tzst: arc('application/zstd', 'Zstandard TAR archive', 'tar.zst'),
  cpio: arc('application/x-cpio', 'cpio archive', 'cpio'),
  ar: arc('application/x-archive', 'ar archive (Unix, .deb)', 'a'),
  wim: arc('application/x-ms-wim', 'Windows imaging (WIM) archive', 'wim'),
  gz: arc('application/gzip', 'Gzip-compressed file', 'gz'),
  zst: arc('application/zstd', 'Zstandard-compressed file', 'zst'),
  lz4: arc('application/x-lz4', 'LZ4-compressed file', 'lz4'),
  lzma: arc('application/x-lzma', 'LZMA-compressed file', 'lzma'),
  lz: arc('application/x-lzip', 'Lzip-compressed file', 'lz'),
  lzo: arc('application/x-lzop', 'LZO-compressed file', 'lzo'),
  z: arc('application/x-compress', 'Unix compress (.Z) file', 'Z'),
  iso: arc('application/x-iso9660-image', 'ISO 9660 disc image', 'iso'),
  cab: arc('application/vnd.ms-cab-compressed', 'Windows cabinet', 'cab'),
  arj: arc('application/x-arj', 'ARJ archive', 'arj'),
  squashfs: arc('application/vnd.squashfs', 'SquashFS image', 'squashfs'),
} as const;

const font = familyEntry('font');

export const FONTS = {
  ttf: font('font/ttf', 'TrueType font', 'ttf'),
  otf: font('font/otf', 'OpenType font', 'otf'),
  woff2: font('font/woff2', 'WOFF2 web font', 'woff2'),
  woff: font('font/woff', 'WOFF web font', 'woff'),
  ttx: font('application/x-font-ttx', 'TTX font (XML dump)', 'ttx'),
  sfd: font('application/x-fontforge-sfd', 'FontForge font source', 'sfd'),
  pfb: font('application/x-font-type1', 'PostScript Type 1 font (binary)', 'pfb'),
  eot: font('application/vnd.ms-fontobject', 'Embedded OpenType (EOT) font', 'eot'),
} as const;

const audio = familyEntry('audio');
const video = familyEntry('video');

export const MORE_MEDIA = {
  opus: audio('audio/ogg; codecs=opus', 'Opus audio', 'opus'),
  wma: audio('audio/x-ms-wma', 'Windows Media audio', 'wma'),
  aiff: audio('audio/aiff', 'AIFF audio', 'aiff'),
  ac3: audio('audio/ac3', 'Dolby Digital (AC-3) audio', 'ac3'),
  mp2: audio('audio/mpeg', 'MPEG-1 Layer II audio', 'mp2'),
  au: audio('audio/basic', 'Sun/NeXT audio', 'au'),
  caf: audio('audio/x-caf', 'Core Audio (ALAC)', 'caf'),
  wv: audio('audio/x-wavpack', 'WavPack audio', 'wv'),
  voc: audio('audio/x-voc', 'Creative Voice audio', 'voc'),
  flv: video('video/x-flv', 'Flash video', 'flv'),
  wmv: video('video/x-ms-wmv', 'Windows Media video', 'wmv'),
  mpeg: video('video/mpeg', 'MPEG-2 video', 'mpg'),
  vob: video('video/dvd', 'DVD video object', 'vob'),
  '3gp': video('video/3gpp', '3GP video', '3gp'),
  ts: video('video/mp2t', 'MPEG transport stream', 'ts'),
  m4v: video('video/x-m4v', 'M4V video', 'm4v'),
  ogv: video('video/ogg', 'Ogg Theora video', 'ogv'),
} as const;
