import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { EngineJob } from '../types';
import { runPandoc } from './run-pandoc';

// A document as pandoc's JSON tree (`-t json`), for the results whose pictures and tables we
// arrange ourselves between pandoc's reader and its writer: every block and inline is a `{t, c}`
// node. An image is `{t: 'Image', c: [attr, description, [source, title]]}`, a table
// `{t: 'Table', c: [attr, …]}`, an attr `[id, classes, [[key, value], …]]`.

export type TreeNode = { t: string; c?: unknown };
export type Attr = [string, string[], Array<[string, string]>];

/** Where pandoc leaves the pictures it takes out of a container (DOCX, ODT, EPUB, FB2…), relative to the job folder. */
export const EXTRACTED = 'extracted';

/**
 * The input read as a tree; pictures inside the input go to EXTRACTED, and the images that show
 * them name them there. The run's working folder is the job folder (../sandbox/sandbox.ts), so those
 * names are relative and carry no path of the server.
 */
export async function readTree(job: EngineJob, reader: string, extra: readonly string[] = []): Promise<unknown> {
  const file = path.join(job.workDir, 'tree.json');
  await runPandoc(job, [
    '-f',
    reader,
    '-t',
    'json',
    `--extract-media=${EXTRACTED}`,
    ...extra,
    '-o',
    file,
    job.inputPath,
  ]);
  return JSON.parse(await readFile(file, 'utf8')) as unknown;
}

/** Writes the tree with a pandoc writer to `output` (a whole document: `-s`). */
export async function writeTree(
  job: EngineJob,
  tree: unknown,
  output: string,
  writerArgs: readonly string[],
  run: { templates?: boolean } = {},
): Promise<void> {
  const file = path.join(job.workDir, 'tree.json');
  await writeFile(file, JSON.stringify(tree));
  await runPandoc(job, ['-s', '-f', 'json', ...writerArgs, '-o', output, file], run);
}

const isNode = (v: unknown): v is TreeNode =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && typeof (v as TreeNode).t === 'string';

/**
 * Every node of type `type`, in document order. Walked with a stack of its own, not recursion: a
 * document nested thousands deep must not overflow the call stack.
 */
function nodesOf(tree: unknown, type: string): TreeNode[] {
  const found: TreeNode[] = [];
  const stack: unknown[] = [tree];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v !== 'object' || v === null) continue;
    if (isNode(v) && v.t === type) found.push(v);
    const children = Array.isArray(v) ? v : Object.values(v);
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
  }
  return found;
}

export type Image = TreeNode & { c: [Attr, unknown[], [string, string]] };

/** The images of the tree, in document order. */
export const imagesOf = (tree: unknown): Image[] =>
  nodesOf(tree, 'Image').filter((n): n is Image => Array.isArray(n.c) && Array.isArray(n.c[2]));

/** Adds `key=value` attributes to every table of the tree. */
export function setTableAttributes(tree: unknown, attributes: Array<[string, string]>): void {
  for (const table of nodesOf(tree, 'Table')) {
    const attr = (table.c as [Attr] | undefined)?.[0];
    if (Array.isArray(attr?.[2])) attr[2].push(...attributes);
  }
}
