import { lstat, readFile } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '@/lib/errors';
import { FORMATS } from '@/lib/formats/catalog';
import { detectFormat, HEAD_BYTES } from '@/lib/formats/detect-format';
import { EXTRACTED, type Image, imagesOf } from './document-tree';

// The pictures a document carries: those pandoc took out of its container into the job's
// EXTRACTED folder, and those written into it as data: URIs. Anything else an image names (a URL,
// a path of the machine) is not a picture we have, and is never fetched or read.

/** All the pictures of one document together, decoded. */
const PICTURE_LIMIT_BYTES = 256 * 1024 ** 2;

export type Picture = { bytes: Buffer; extension: string; mime: string };

const refuse = () =>
  new AppError(
    'unsupported_format',
    `The document's pictures are larger than ${PICTURE_LIMIT_BYTES / 1024 ** 2} MB together.`,
  );

const DATA_URI = /^data:([^,;]*)((?:;[^,;]*)*),(.*)$/s;

/** The bytes and declared type of a data: URI (base64 or percent-encoded), or undefined if it is not one. */
function decodeDataUri(uri: string): { bytes: Buffer; declared: string } | undefined {
  const m = DATA_URI.exec(uri);
  if (!m) return undefined;
  const [, declared, params, data] = m;
  if (params.split(';').includes('base64')) return { bytes: Buffer.from(data, 'base64'), declared };
  try {
    return { bytes: Buffer.from(decodeURIComponent(data), 'utf8'), declared };
  } catch {
    return undefined;
  }
}

/** A file pandoc extracted: a regular file inside EXTRACTED (not a link), at most `budget` bytes. */
async function extractedFile(workDir: string, source: string, budget: number): Promise<Buffer | undefined> {
  const folder = path.resolve(workDir, EXTRACTED);
  for (const name of new Set([source, safeDecode(source)])) {
    const file = path.resolve(workDir, name);
    if (!file.startsWith(folder + path.sep)) continue;
    const s = await lstat(file).catch(() => undefined);
    if (!s?.isFile()) continue;
    if (s.size > budget) throw refuse();
    return readFile(file);
  }
  return undefined;
}

function safeDecode(s: string): string {
  try {
    return decodeURI(s);
  } catch {
    return s;
  }
}

/** What the bytes are (the name or declared type only where the bytes do not tell). */
async function identify(bytes: Buffer, name: string, declared: string): Promise<Omit<Picture, 'bytes'>> {
  const format = await detectFormat(bytes.subarray(0, HEAD_BYTES), name);
  if (format) return { extension: FORMATS[format].extension, mime: FORMATS[format].mime.split(';')[0]! };
  const extension = /\.([a-z0-9]{1,8})$/i.exec(name)?.[1]?.toLowerCase() ?? 'bin';
  return { extension, mime: /^[\w.+-]+\/[\w.+-]+$/.test(declared) ? declared : 'application/octet-stream' };
}

async function pictureOf(workDir: string, source: string, budget: number): Promise<Picture | undefined> {
  const data = source.startsWith('data:') ? decodeDataUri(source) : undefined;
  if (data) {
    if (data.bytes.length > budget) throw refuse();
    return { bytes: data.bytes, ...(await identify(data.bytes, 'picture', data.declared)) };
  }
  const bytes = await extractedFile(workDir, source, budget);
  return bytes && { bytes, ...(await identify(bytes, path.basename(source), '')) };
}

/**
 * Gives each distinct picture of the tree to `place` (in document order, numbered from 1) and
 * points its images at the source `place` returns. The images that show no picture we have are
 * handed to `elsewhere`. Returns how many pictures were placed.
 */
export async function placePictures(
  tree: unknown,
  workDir: string,
  place: (picture: Picture, n: number) => Promise<string> | string,
  elsewhere: (image: Image) => void = () => undefined,
): Promise<number> {
  const placed = new Map<string, string>();
  let budget = PICTURE_LIMIT_BYTES;
  for (const image of imagesOf(tree)) {
    const target = image.c[2];
    const source = target[0];
    let at = placed.get(source);
    if (at === undefined) {
      const picture = await pictureOf(workDir, source, budget);
      if (!picture) {
        elsewhere(image);
        continue;
      }
      budget -= picture.bytes.length;
      at = await place(picture, placed.size + 1);
      placed.set(source, at);
    }
    target[0] = at;
  }
  return placed.size;
}

/** A picture as a data: URI. */
export const dataUri = (p: Picture) => `data:${p.mime};base64,${p.bytes.toString('base64')}`;
