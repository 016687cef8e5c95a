import path from 'node:path';
import { libreofficeEngine } from '../libreoffice/libreoffice-engine';
import type { EngineJob } from '../types';
import { type Attr, readTree, setTableAttributes, writeTree } from './document-tree';
import { dataUri, placePictures } from './pictures';
import { TEMPLATES } from './run-pandoc';

// Markup to PDF through the HTML → PDF path the service already has: pandoc writes one
// self-contained HTML page in the job folder, and LibreOffice (its warm pool, its PDF export and
// options) turns that page into the PDF. The page is HTML 4 as LibreOffice's HTML import reads it:
// tables carry border attributes (it ignores CSS borders), code a font it has, and every picture
// is a data: URI, so LibreOffice reads nothing but the page. An image naming a picture we do not
// have (a URL, a path of the machine) keeps only its description: nothing is fetched.

const TABLE_BORDERS: Array<[string, string]> = [
  ['border', '1'],
  ['cellspacing', '0'],
  ['cellpadding', '4'],
];

export async function toPdf(job: EngineJob, reader: string, readerArgs: readonly string[]): Promise<void> {
  const tree = await readTree(job, reader, readerArgs);
  job.onProgress(2);
  await placePictures(tree, job.workDir, dataUri, (image) => {
    const [attr, description] = image.c;
    Object.assign(image, { t: 'Span', c: [attr satisfies Attr, description] });
  });
  setTableAttributes(tree, TABLE_BORDERS);
  const page = path.join(job.workDir, 'page.html');
  const template = path.join(TEMPLATES, 'pdf-page.html');
  await writeTree(job, tree, page, ['-t', 'html4', '--template', template, '--no-highlight'], { templates: true });
  await libreofficeEngine.convert({ ...job, inputPath: page, inputFormat: 'html' });
}
