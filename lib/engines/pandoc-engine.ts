import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FormatName } from '@/lib/formats/catalog';
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

/** Our format → pandoc reader. */
const READERS: Partial<Record<FormatName, string>> = {
  md: 'markdown',
  txt: 'markdown',
  rst: 'rst',
  org: 'org',
  tex: 'latex',
  mediawiki: 'mediawiki',
  textile: 'textile',
  muse: 'muse',
  t2t: 't2t',
  creole: 'creole',
  man: 'man',
  docbook: 'docbook',
  opml: 'opml',
  ipynb: 'ipynb',
  fb2: 'fb2',
  epub: 'epub',
  html: 'html',
  odt: 'odt',
  docx: 'docx',
  rtf: 'rtf',
  csv: 'csv',
  dokuwiki: 'dokuwiki',
  jira: 'jira',
  tikiwiki: 'tikiwiki',
  twiki: 'twiki',
  vimwiki: 'vimwiki',
  haddock: 'haddock',
  jats: 'jats',
};

/** Our format → pandoc writer (`-s` everywhere: whole documents, not fragments). */
const WRITERS: Partial<Record<FormatName, string>> = {
  md: 'markdown',
  txt: 'plain',
  rst: 'rst',
  adoc: 'asciidoc',
  org: 'org',
  tex: 'latex',
  mediawiki: 'mediawiki',
  dokuwiki: 'dokuwiki',
  textile: 'textile',
  jira: 'jira',
  muse: 'muse',
  man: 'man',
  docbook: 'docbook5',
  jats: 'jats',
  opml: 'opml',
  ipynb: 'ipynb',
  texinfo: 'texinfo',
  icml: 'icml',
  tei: 'tei',
  zimwiki: 'zimwiki',
  fb2: 'fb2',
  epub: 'epub3',
  html: 'html5',
  odt: 'odt',
  docx: 'docx',
  rtf: 'rtf',
  pptx: 'pptx',
  gfm: 'gfm',
  commonmark: 'commonmark',
  markua: 'markua',
  revealjs: 'revealjs',
  slidy: 'slidy',
  beamer: 'beamer',
  context: 'context',
  ms: 'ms',
  haddock: 'haddock',
  xwiki: 'xwiki',
  dzslides: 'dzslides',
  s5: 's5',
  slideous: 'slideous',
};

/**
 * A BibTeX database is read as references: it becomes another bibliography format, or a
 * document listing every entry (citeproc with `nocite: '@*'`).
 */
const BIB_WRITERS: Partial<Record<FormatName, string>> = { biblatex: 'biblatex', csljson: 'csljson' };
const BIB_DOCUMENTS = ['md', 'html', 'txt', 'rst', 'docx', 'odt'] as const satisfies readonly FormatName[];

const ZIPPED_WRITERS = new Set<FormatName>(['docx', 'odt', 'epub', 'pptx']);

const names = (m: Partial<Record<FormatName, string>>) => Object.keys(m) as FormatName[];

async function convert(job: EngineJob): Promise<void> {
  const bib = job.inputFormat === 'bibtex';
  const from = bib ? 'bibtex' : READERS[job.inputFormat];
  const to = (bib ? BIB_WRITERS[job.targetFormat] : undefined) ?? WRITERS[job.targetFormat];
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
    { from: names(READERS), to: names(WRITERS) },
    { from: ['bibtex'], to: [...names(BIB_WRITERS), ...BIB_DOCUMENTS] },
  ],
  convert,
};
