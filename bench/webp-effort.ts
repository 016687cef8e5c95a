// What libwebp's effort (`method`) buys at our default quality 80, to choose the converter's
// default (lib/engines/sharp/options.ts): per picture and effort, the encode time in this process
// (sharp, one libvips thread, median of BENCH_N runs), the size, and the SSIM against the source
// (ffmpeg's ssim filter), each beside effort 4 (libwebp's and sharp's default) measured in the same run.
//   npx tsx bench/webp-effort.ts [picture…]
// Without arguments: the bench's 1 MP PNG (bench/lib/inputs.ts) and the photographs, textures and
// screenshots found on the development machine (DEFAULT_PICTURES, those present here).
// Needs ffmpeg on PATH.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { makePng, WEBP_SETTINGS } from './lib/inputs';

const N = Number(process.env.BENCH_N ?? 5);
const EFFORTS = [0, 1, 2, 3, 4, 5, 6];
const BASELINE = 4;

const RUST_DOCS = '/root/.rustup/toolchains/stable-x86_64-unknown-linux-gnu/share/doc/rust/html';
const DEFAULT_PICTURES = [
  `${RUST_DOCS}/embedded-book/assets/f3.jpg`, // a photograph
  '/usr/lib/google-cloud-sdk/platform/google_appengine/google/appengine/tools/java/jetty12/jetty-home/modules/demo.d/root/images/jetty-pic.png', // a photograph
  '/usr/share/calibre/images/textures/light_wood.png',
  '/usr/share/fontforge/pixmaps/splash2020.png',
  '/usr/lib/google-cloud-sdk/platform/gsutil/third_party/requests/ext/ss.png', // a screenshot
  `${RUST_DOCS}/book/img/trpl14-01.png`, // a screenshot
];

function ssim(source: string, encoded: string): number {
  const r = spawnSync('ffmpeg', ['-hide_banner', '-i', source, '-i', encoded, '-lavfi', 'ssim', '-f', 'null', '-'], {
    encoding: 'utf8',
  });
  const all = /All:([\d.]+)/.exec(r.stderr)?.[1];
  if (!all) throw new Error(`ffmpeg ssim failed: ${r.stderr.slice(-500)}`);
  return Number(all);
}

async function encodeMs(source: Buffer, effort: number): Promise<{ ms: number; out: Buffer }> {
  const times: number[] = [];
  let out = Buffer.alloc(0);
  await sharp(source).webp({ quality: WEBP_SETTINGS.quality, effort }).toBuffer(); // warm-up
  for (let i = 0; i < N; i++) {
    const t = performance.now();
    out = await sharp(source).webp({ quality: WEBP_SETTINGS.quality, effort }).toBuffer();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return { ms: times[Math.floor(times.length / 2)], out };
}

async function main() {
  sharp.concurrency(1);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'transmute-bench-webp-'));
  try {
    const pictures: Array<{ name: string; bytes: Buffer }> = [];
    const args = process.argv.slice(2);
    if (args.length === 0) pictures.push({ name: '1 MP bench PNG (synthetic noise)', bytes: await makePng() });
    for (const file of args.length ? args : DEFAULT_PICTURES.filter((f) => existsSync(f))) {
      pictures.push({ name: path.basename(file), bytes: await sharp(file).removeAlpha().png().toBuffer() });
    }
    console.log(
      `quality ${WEBP_SETTINGS.quality}, median of ${N} encodes, one libvips thread; ratios against effort ${BASELINE}\n`,
    );
    console.log('| picture | size | effort | encode | bytes | SSIM | time vs 4 | bytes vs 4 |');
    console.log('|---|---|---|---|---|---|---|---|');
    for (const { name, bytes } of pictures) {
      const { width, height } = await sharp(bytes).metadata();
      const source = path.join(dir, 'source.png');
      writeFileSync(source, bytes);
      const rows = [];
      for (const effort of EFFORTS) {
        const { ms, out } = await encodeMs(bytes, effort);
        const encoded = path.join(dir, `e${effort}.webp`);
        writeFileSync(encoded, out);
        rows.push({ effort, ms, size: out.length, ssim: ssim(source, encoded) });
      }
      const base = rows.find((r) => r.effort === BASELINE)!;
      for (const r of rows) {
        console.log(
          `| ${name} | ${width}×${height} | ${r.effort} | ${r.ms.toFixed(1)} ms | ${(r.size / 1024).toFixed(1)} KB | ` +
            `${r.ssim.toFixed(4)} | ${(r.ms / base.ms).toFixed(2)}× | ${(r.size / base.size).toFixed(3)}× |`,
        );
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
