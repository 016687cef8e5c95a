import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { FORMATS } from '@/lib/formats/catalog';
import { assertOutput } from '../sandbox/run-tool';
import type { EngineJob } from '../types';
import { type ResultPart, zipParts } from '../zip-parts';
import { readTree, writeTree } from './document-tree';
import { placePictures } from './pictures';

// A document to one of the Markdown dialects. Markdown is a text file: its pictures are files
// beside it. With pictures, the result is a ZIP of `document.md` and `media/image1.png`, …, the
// links relative and naming those entries; without, the `.md` alone. Only the metadata the source
// carries is written (a YAML block only if it has a title, authors…).

export async function toMarkdown(
  job: EngineJob,
  reader: string,
  readerArgs: readonly string[],
  writer: string,
): Promise<void | { parts: number }> {
  const tree = await readTree(job, reader, readerArgs);
  const bundle = path.join(job.workDir, 'bundle');
  const media = path.join(bundle, 'media');
  await mkdir(media, { recursive: true });
  const parts: ResultPart[] = [];
  await placePictures(tree, job.workDir, async (picture, n) => {
    const name = `image${n}.${picture.extension}`;
    parts.push({ folder: 'media', name, file: path.join(media, name) });
    await writeFile(path.join(media, name), picture.bytes);
    return `media/${name}`;
  });
  const document = path.join(bundle, `document.${FORMATS[job.targetFormat].extension}`);
  await writeTree(job, tree, document, ['-t', writer]);
  await assertOutput(document, 'pandoc');
  if (parts.length === 0) return rename(document, job.outputPath);
  return zipParts(job, [{ name: path.basename(document), file: document }, ...parts], { deflate: true });
}
