import { ascii } from './bytes';
import { dataTextIs } from './data-text';
import { recordsOf } from './format-record';
import { officeTextIs } from './office-headers';
import { isHtml, xmlRootIs } from './text-sniff';
import { ODF, OOXML, PLAIN_TEXT as TEXT } from './mime';

// Documents: office files (in OLE2 or ZIP containers, or flat XML), markup and bibliographies.
// Markup is told apart by its content where it can be (HTML, OPML, DocBook, JATS, TEI…) and
// otherwise by the file name (`textNames`), but only once the bytes have proven plain UTF-8 text.

const doc = recordsOf('document');
const MARKDOWN = 'text/markdown; charset=utf-8';
const HTML = 'text/html; charset=utf-8';
const TEX = 'application/x-tex; charset=utf-8';
const ROFF = 'text/troff; charset=utf-8';
/** Markup only its name tells (plain .txt on disk for several wiki markups: named after the markup). */
const byName = (...textNames: string[]) => ({ detect: { textNames } });

export const DOCUMENT = {
  pdf: doc('application/pdf', 'PDF document', 'pdf', { detect: { fileType: ['pdf'] } }),
  docx: doc(`${OOXML}.wordprocessingml.document`, 'Word document', 'docx', { detect: { fileType: ['docx'] } }),
  doc: doc('application/msword', 'Word 97-2003 document', 'doc', { detect: { container: 'ole2' } }),
  odt: doc(`${ODF}.text`, 'OpenDocument text', 'odt', { detect: { fileType: ['odt'], container: 'odf-package' } }),
  rtf: doc('application/rtf', 'Rich Text', 'rtf', { detect: { fileType: ['rtf'] } }),
  // What UTF-8 text is when nothing else claims it.
  txt: doc(TEXT, 'Plain text', 'txt', { aliases: ['text'] }),
  html: doc(HTML, 'HTML page', 'html', { aliases: ['htm', 'xhtml'], detect: { text: isHtml } }),
  opml: doc('text/x-opml+xml', 'OPML outline', 'opml', { detect: { text: xmlRootIs(/^<opml[\s>]/) } }),
  docbook: doc('application/docbook+xml', 'DocBook XML', 'dbk', {
    aliases: ['dbk'],
    detect: { text: (t) => xmlRootIs(/^<(book|article)[\s>]/)(t) && (t.ext === 'dbk' || /docbook/.test(t.start)) },
  }),
  ipynb: doc('application/x-ipynb+json', 'Jupyter notebook', 'ipynb', {
    detect: { text: (t) => t.ext === 'ipynb' && /^\{[\s\S]*"cells"\s*:/.test(t.start) },
  }),
  // Writer's variants
  dot: doc('application/msword', 'Word 97-2003 template', 'dot', { detect: { container: 'ole2' } }),
  dotx: doc(`${OOXML}.wordprocessingml.template`, 'Word template', 'dotx', { detect: { fileType: ['dotx'] } }),
  dotm: doc('application/vnd.ms-word.template.macroEnabled.12', 'Word macro-enabled template', 'dotm', {
    detect: { fileType: ['dotm'] },
  }),
  docm: doc('application/vnd.ms-word.document.macroEnabled.12', 'Word macro-enabled document', 'docm', {
    detect: { fileType: ['docm'] },
  }),
  ott: doc(`${ODF}.text-template`, 'OpenDocument text template', 'ott', { detect: { fileType: ['ott'] } }),
  fodt: doc(`${ODF}.text-flat-xml`, 'Flat OpenDocument text', 'fodt', { detect: { text: officeTextIs('fodt') } }),
  wordml: doc('application/xml', 'Word 2003 XML document', 'xml', { detect: { text: officeTextIs('wordml') } }),
  uot: doc('application/vnd.uof.text', 'Uniform Office Format text', 'uot', { detect: { text: officeTextIs('uot') } }),
  sxw: doc('application/vnd.sun.xml.writer', 'StarOffice/OpenOffice.org 1 text', 'sxw', {
    detect: { container: 'odf-package' },
  }),
  stw: doc('application/vnd.sun.xml.writer.template', 'StarOffice/OpenOffice.org 1 text template', 'stw', {
    detect: { container: 'odf-package' },
  }),
  djvu: doc('image/vnd.djvu', 'DjVu document', 'djvu', {
    aliases: ['djv'],
    detect: { signature: (b) => ascii(b, 'AT&TFORM') && (ascii(b, 'DJVU', 12) || ascii(b, 'DJVM', 12)) },
  }),
  // markup
  md: doc(MARKDOWN, 'Markdown', 'md', {
    markup: 'markdown',
    aliases: ['markdown', 'mkd'],
    ...byName('md', 'markdown', 'mkd'),
  }),
  rst: doc('text/x-rst; charset=utf-8', 'reStructuredText', 'rst', byName('rst')),
  adoc: doc('text/asciidoc; charset=utf-8', 'AsciiDoc', 'adoc', { markup: 'asciidoc', aliases: ['asciidoc'] }),
  org: doc('text/x-org; charset=utf-8', 'Org mode', 'org', byName('org')),
  tex: doc(TEX, 'LaTeX source', 'tex', { markup: 'latex', aliases: ['latex'], ...byName('tex', 'latex') }),
  mediawiki: doc(TEXT, 'MediaWiki markup', 'wiki', { aliases: ['wiki'], ...byName('wiki', 'mediawiki') }),
  dokuwiki: doc(TEXT, 'DokuWiki markup', 'txt', byName('dokuwiki')),
  textile: doc('text/x-textile; charset=utf-8', 'Textile', 'textile', byName('textile')),
  jira: doc(TEXT, 'Jira wiki markup', 'txt', byName('jira')),
  muse: doc(TEXT, 'Emacs Muse', 'muse', byName('muse')),
  t2t: doc(TEXT, 'txt2tags', 't2t', byName('t2t')),
  creole: doc(TEXT, 'Creole wiki markup', 'creole', byName('creole')),
  man: doc(ROFF, 'Man page (roff)', 'man', byName('man')),
  jats: doc('application/jats+xml', 'JATS XML', 'xml', { detect: { text: dataTextIs('jats') } }),
  texinfo: doc('application/x-texinfo', 'Texinfo', 'texi', { aliases: ['texi'] }),
  icml: doc('application/xml', 'InDesign ICML', 'icml', { detect: { text: dataTextIs('icml') } }),
  tei: doc('application/tei+xml', 'TEI XML', 'xml', { detect: { text: dataTextIs('tei') } }),
  zimwiki: doc(TEXT, 'Zim wiki markup', 'txt'),
  gfm: doc(MARKDOWN, 'GitHub-flavoured Markdown', 'md'),
  commonmark: doc(MARKDOWN, 'CommonMark', 'md'),
  markua: doc(MARKDOWN, 'Markua', 'md'),
  revealjs: doc(HTML, 'reveal.js slides (HTML)', 'html'),
  slidy: doc(HTML, 'Slidy slides (HTML)', 'html'),
  beamer: doc(TEX, 'Beamer slides (LaTeX)', 'tex'),
  context: doc(TEX, 'ConTeXt source', 'tex'),
  ms: doc(ROFF, 'roff ms', 'ms'),
  haddock: doc(TEXT, 'Haddock markup', 'txt', byName('haddock')),
  xwiki: doc(TEXT, 'XWiki markup', 'txt'),
  tikiwiki: doc(TEXT, 'TikiWiki markup', 'txt', byName('tikiwiki')),
  twiki: doc(TEXT, 'TWiki markup', 'txt', byName('twiki')),
  vimwiki: doc(TEXT, 'Vimwiki markup', 'wiki', byName('vimwiki')),
  bibtex: doc('application/x-bibtex', 'BibTeX bibliography', 'bib', {
    aliases: ['bib'],
    detect: { text: dataTextIs('bibtex') },
  }),
  biblatex: doc('application/x-bibtex', 'BibLaTeX bibliography', 'bib'),
  csljson: doc('application/vnd.citationstyles.csl+json', 'CSL JSON bibliography', 'json'),
  dzslides: doc(HTML, 'DZSlides slides (HTML)', 'html'),
  s5: doc(HTML, 'S5 slides (HTML)', 'html'),
  slideous: doc(HTML, 'Slideous slides (HTML)', 'html'),
} as const;
