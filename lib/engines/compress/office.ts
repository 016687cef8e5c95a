import { createWriteStream } from 'node:fs';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';
import yazl from 'yazl';
import { isAppError } from '@/lib/errors';
import type { FormatName } from '@/lib/formats/catalog';
import { assertSafeZip } from '../archive/zip-guard';
import type { CompressFamily } from './compressor';
import { compressImageFile } from './images';

// Office documents are ZIP packages: their JPEG and PNG pictures are re-encoded by the image
// compressor (sandboxed sharp; a picture that fails or does not shrink stays as it was) and the
// package is rewritten at the highest deflate level. The zip guard has proven the package's
// sizes before (inspect), so reading its entries here is bounded. ODF's `mimetype` entry stays
// first and stored, as the format requires.

const PICTURE = /^(word\/media|xl\/media|ppt\/media|Pictures)\/[^/]+\.(jpe?g|png)$/i;

async function readEntries(file: string, onEntry: (name: string, data: Buffer) => Promise<void>): Promise<void> {
  const zip = await yauzl.openPromise(file, {
    lazyEntries: true,
    autoClose: false,
    validateEntrySizes: true,
    strictFileNames: false,
  });
  try {
    for await (const entry of zip.eachEntry()) {
      if (entry.fileName.endsWith('/')) continue;
      const chunks: Buffer[] = [];
      for await (const chunk of await zip.openReadStreamPromise(entry)) chunks.push(chunk as Buffer);
      await onEntry(entry.fileName, Buffer.concat(chunks));
    }
  } finally {
    zip.close();
  }
}

export const officeFamily: CompressFamily = {
  name: 'office',
  formats: ['docx', 'xlsx', 'pptx', 'odt', 'ods', 'odp'] satisfies FormatName[],
  inspect: (job) => assertSafeZip(job.inputPath),
  async compress(job, options) {
    const media = path.join(job.workDir, 'media');
    await mkdir(media);
    const out = new yazl.ZipFile();
    const written = pipeline(out.outputStream, createWriteStream(job.outputPath));
    let n = 0;
    await readEntries(job.inputPath, async (name, data) => {
      if (name === 'mimetype') return out.addBuffer(data, name, { compress: false });
      let bytes = data;
      const m = PICTURE.exec(name);
      if (m) {
        const format = m[2].toLowerCase() === 'png' ? 'png' : 'jpg';
        const file = path.join(media, `${++n}.${format}`);
        const smaller = `${file}.out.${format}`;
        await writeFile(file, data);
        try {
          await compressImageFile({ file, out: smaller, format, level: options.level, signal: job.signal });
          if ((await stat(smaller)).size < data.length) bytes = await readFile(smaller);
        } catch (e) {
          if (!isAppError(e)) throw e; // an unreadable picture stays as it was
        }
        job.onProgress(Math.min(90, 5 + n * 5));
      }
      out.addBuffer(bytes, name, { compressionLevel: 9 });
    });
    out.end();
    await written;
  },
};
