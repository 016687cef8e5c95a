import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { FORMATS, type FormatName } from '@/lib/formats/catalog';
import { DocumentOptions } from '../libreoffice/options';
import type { Engine, EngineJob } from '../types';
import { toMarkdown } from './markdown-result';
import { toPdf } from './pdf-result';
import { runPandoc } from './run-pandoc';
import { assertOutput } from '../sandbox/run-tool';

// pandoc between markup and document formats. `--sandbox` keeps it from reading or fetching
// anything but the input (LaTeX \input, HTML images, includes). Debian's pandoc 2.17 is built
// without embedded data files, and under --sandbox its DOCX/ODT/EPUB/PPTX writers cannot read
// them from /usr/share/pandoc (jgm/pandoc#8128; --reference-doc does not help, the writers
// rebuild the default one from the data files): those writers run without it. Every run, with
// or without it, sees only pandoc, its libraries and its data files (./system-view.ts),
// so an include can read nothing but the job folder and pandoc's own files, and never the
// network (./run-pandoc.ts). Markdown results carry their pictures beside them
// (./markdown-result.ts); PDF is written through HTML by LibreOffice (./pdf-result.ts).

/** The formats pandoc reads and writes (`-s` everywhere: whole documents, not fragments). */
const READ_AND_WRITTEN = [
  'md',
  'txt',
  'rst',
  'org',
  'tex',
  'mediawiki',
  'textile',
  'muse',
  'man',
  'docbook',
  'opml',
  'ipynb',
  'fb2',
  'epub',
  'html',
  'odt',
  'docx',
  'rtf',
  'dokuwiki',
  'jira',
  'haddock',
  'jats',
] as const satisfies readonly FormatName[];
const READ_ONLY = ['t2t', 'creole', 'csv', 'tikiwiki', 'twiki', 'vimwiki'] as const satisfies readonly FormatName[];
const WRITTEN_ONLY = [
  'adoc',
  'texinfo',
  'icml',
  'tei',
  'zimwiki',
  'pptx',
  'gfm',
  'commonmark',
  'markua',
  'revealjs',
  'slidy',
  'beamer',
  'context',
  'ms',
  'xwiki',
  'dzslides',
  's5',
  'slideous',
] as const satisfies readonly FormatName[];
const READS: readonly FormatName[] = [...READ_AND_WRITTEN, ...READ_ONLY];
const WRITES: readonly FormatName[] = [...READ_AND_WRITTEN, ...WRITTEN_ONLY];

/** pandoc's name for a format: the record's markup name (markdown, latex…), else the format's own. */
const markupName = (f: FormatName) => FORMATS[f].markup ?? f;
/** Plain text is read as the Markdown it most often is. */
const READ_AS: Partial<Record<FormatName, string>> = { txt: 'markdown' };
/**
 * The writer variant pandoc produces a whole current document with. Markdown's tables are pipe
 * tables (a table pipes cannot hold stays HTML, which Markdown viewers show), and what pandoc would
 * mark with its own `{…}` attributes (image sizes, heading ids, spans, divs, raw blocks) is
 * written as HTML or left plain, as GitHub and other CommonMark viewers show it.
 */
const WRITE_AS: Partial<Record<FormatName, string>> = {
  txt: 'plain',
  docbook: 'docbook5',
  epub: 'epub3',
  html: 'html5',
  md: [
    'markdown',
    ...['grid_tables', 'multiline_tables', 'simple_tables'],
    ...['link_attributes', 'header_attributes', 'bracketed_spans', 'fenced_divs', 'raw_attribute'],
  ].join('-'),
};
const reader = (f: FormatName) => (READS.includes(f) ? (READ_AS[f] ?? markupName(f)) : undefined);
const writer = (f: FormatName) => (WRITES.includes(f) ? (WRITE_AS[f] ?? markupName(f)) : undefined);

const MARKDOWN = new Set<FormatName>(['md', 'gfm', 'commonmark', 'markua']);

/**
 * PDF from everything pandoc reads but what another engine already writes as PDF: LibreOffice
 * (documents, web pages, text, CSV) and calibre (e-books) keep those.
 */
const PDF_ELSEWHERE = new Set<FormatName>(['docx', 'odt', 'rtf', 'html', 'txt', 'csv', 'epub', 'fb2']);
const PDF_FROM = READS.filter((f) => !PDF_ELSEWHERE.has(f));

/**
 * A BibTeX database is read as references: it becomes another bibliography format, or a
 * document listing every entry (citeproc with `nocite: '@*'`).
 */
const BIB_WRITERS: Partial<Record<FormatName, string>> = { biblatex: 'biblatex', csljson: 'csljson' };
const BIB_DOCUMENTS = ['md', 'html', 'txt', 'rst', 'docx', 'odt', 'pdf'] as const satisfies readonly FormatName[];

const ZIPPED_WRITERS = new Set<FormatName>(['docx', 'odt', 'epub', 'pptx']);

/** The reader's arguments that make a BibTeX database a document listing every entry. */
async function citeEveryEntry(job: EngineJob): Promise<string[]> {
  const meta = path.join(job.workDir, 'bibliography.yaml');
  await writeFile(meta, "nocite: '@*'\n");
  return ['--citeproc', '--metadata-file', meta];
}

async function convert(job: EngineJob): Promise<void | { parts: number }> {
  const bib = job.inputFormat === 'bibtex';
  const from = bib ? 'bibtex' : reader(job.inputFormat);
  if (!from) throw new Error(`pandoc cannot read ${job.inputFormat}`);
  const bibWriter = bib ? BIB_WRITERS[job.targetFormat] : undefined;
  const readerArgs = bib && !bibWriter ? await citeEveryEntry(job) : [];
  if (job.targetFormat === 'pdf') return toPdf(job, from, readerArgs);
  const to = bibWriter ?? writer(job.targetFormat);
  if (!to) throw new Error(`pandoc: no ${job.inputFormat} → ${job.targetFormat}`);
  if (MARKDOWN.has(job.targetFormat)) return toMarkdown(job, from, readerArgs, to);
  // The HTML writers want a page title (the Markdown writers would print it as metadata).
  const args = ['-s', '-f', from, '-t', to, ...readerArgs, '--metadata', 'pagetitle=Document'];
  await runPandoc(job, [...args, '-o', job.outputPath, job.inputPath], {
    unsandboxed: ZIPPED_WRITERS.has(job.targetFormat),
  });
  await assertOutput(job.outputPath, 'pandoc');
}

export const pandocEngine: Engine = {
  name: 'pandoc',
  requires: ['pandoc'],
  conversions: [
    { from: READS, to: WRITES },
    { from: PDF_FROM, to: ['pdf'] },
    { from: ['bibtex'], to: [...(Object.keys(BIB_WRITERS) as FormatName[]), ...BIB_DOCUMENTS] },
  ],
  // PDF is LibreOffice's PDF export (./pdf-result.ts), so it takes the documents' option.
  options: { schema: DocumentOptions, names: (_from, to) => (to === 'pdf' ? ['pdfa'] : []) },
  convert,
};
