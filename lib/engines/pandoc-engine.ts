import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { FORMATS, type FormatName } from '@/lib/formats/catalog';
import type { Engine, EngineJob } from './types';
import { pandocSystemView } from './pandoc/system-view';
import { assertOutput, runTool } from './run-tool';

// pandoc between markup and document formats. `--sandbox` keeps it from reading or fetching
// anything but the input (LaTeX \input, HTML images, includes). Debian's pandoc 2.17 is built
// without embedded data files, and under --sandbox its DOCX/ODT/EPUB/PPTX writers cannot read
// them from /usr/share/pandoc (jgm/pandoc#8128; --reference-doc does not help, the writers
// rebuild the default one from the data files): those writers run without it. Every run, with
// or without it, sees only pandoc, its libraries and its data files (./pandoc/system-view.ts),
// so an include can read nothing but the job folder and pandoc's own files, and never the
// network. GHC reserves a huge address space, so memory is capped with the RTS's own -M
// instead of RLIMIT_AS.

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
/** The writer variant pandoc produces a whole current document with. */
const WRITE_AS: Partial<Record<FormatName, string>> = {
  txt: 'plain',
  docbook: 'docbook5',
  epub: 'epub3',
  html: 'html5',
};
const reader = (f: FormatName) => (READS.includes(f) ? (READ_AS[f] ?? markupName(f)) : undefined);
const writer = (f: FormatName) => (WRITES.includes(f) ? (WRITE_AS[f] ?? markupName(f)) : undefined);

/**
 * A BibTeX database is read as references: it becomes another bibliography format, or a
 * document listing every entry (citeproc with `nocite: '@*'`).
 */
const BIB_WRITERS: Partial<Record<FormatName, string>> = { biblatex: 'biblatex', csljson: 'csljson' };
const BIB_DOCUMENTS = ['md', 'html', 'txt', 'rst', 'docx', 'odt'] as const satisfies readonly FormatName[];

const ZIPPED_WRITERS = new Set<FormatName>(['docx', 'odt', 'epub', 'pptx']);

async function convert(job: EngineJob): Promise<void> {
  const bib = job.inputFormat === 'bibtex';
  const from = bib ? 'bibtex' : reader(job.inputFormat);
  const to = (bib ? BIB_WRITERS[job.targetFormat] : undefined) ?? writer(job.targetFormat);
  if (!from || !to) throw new Error(`pandoc: no ${job.inputFormat} → ${job.targetFormat}`);
  const sandbox = ZIPPED_WRITERS.has(job.targetFormat) ? [] : ['--sandbox'];
  const args = ['+RTS', '-M1g', '-RTS', ...sandbox, '-s', '-f', from, '-t', to, '-o', job.outputPath, job.inputPath];
  if (bib && !BIB_WRITERS[job.targetFormat]) {
    const meta = path.join(job.workDir, 'bibliography.yaml');
    await writeFile(meta, "nocite: '@*'\n");
    args.push('--citeproc', '--metadata-file', meta);
  }
  // The title is required by some writers; the document's own wins when it has one.
  await runTool(job, 'pandoc', [...args, '--metadata', 'pagetitle=Document'], {
    memoryLimitBytes: undefined,
    systemView: pandocSystemView(),
  });
  await assertOutput(job.outputPath, 'pandoc');
}

export const pandocEngine: Engine = {
  name: 'pandoc',
  requires: ['pandoc'],
  conversions: [
    { from: READS, to: WRITES },
    { from: ['bibtex'], to: [...(Object.keys(BIB_WRITERS) as FormatName[]), ...BIB_DOCUMENTS] },
  ],
  convert,
};
