import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Pixels } from './picture';

// The text of a picture of a page, read by Tesseract on the test side: for results that are
// pictures of the sample's text (a PDF page as PNG, a DjVu page without a text layer).

const exec = promisify(execFile);

export async function ocrText(p: Pixels): Promise<string> {
  const ppm = Buffer.concat([Buffer.from(`P6\n${p.width} ${p.height}\n255\n`, 'latin1'), p.rgb]);
  const child = exec('tesseract', ['stdin', 'stdout', '--psm', '3', '-l', 'eng'], { maxBuffer: 16 * 1024 ** 2 });
  child.child.stdin?.end(ppm);
  return (await child).stdout;
}
