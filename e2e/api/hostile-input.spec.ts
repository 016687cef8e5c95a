import { readdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { makePng } from '../fixtures/files';
import { upload, uploadOk, waitFinished } from '../fixtures/conversions';

const inputsDir = path.resolve(process.env.DATA_DIR ?? '.data/test', 'files', 'inputs');
const storedInputs = () => {
  try {
    return readdirSync(inputsDir).length;
  } catch {
    return 0;
  }
};

test('an upload over the 50 MB anonymous limit is refused with 413 and nothing is kept', async ({ request }) => {
  const before = storedInputs();
  const big = Buffer.concat([await makePng(), Buffer.alloc(51 * 1000 * 1000, 1)]);
  const res = await upload(request, big, 'huge.png', 'webp');
  expect(res.status()).toBe(413);
  expect(await res.json()).toMatchObject({ code: 'payload_too_large' });
  expect(storedInputs()).toBe(before);
});

test('bytes that are not what the name claims are refused', async ({ request }) => {
  const res = await upload(
    request,
    Buffer.from('MZ\x90\x00 this is not an image at all \x00\x01\x02'),
    'photo.png',
    'webp',
  );
  expect(res.status()).toBe(400);
  expect(await res.json()).toMatchObject({ code: 'unsupported_format' });
});

test('a file name with ../ and control characters neither breaks nor escapes', async ({ request }) => {
  const created = await uploadOk(request, await makePng(), '../../../tmp/evil\u202egnp.png', 'webp');
  expect(created).toMatchObject({ status: 'pending' });
  const res = await request.get(`/api/v1/convert/status/${created.id}`);
  const name = (await res.json()).conversion.original_file_name as string;
  expect(name).not.toContain('/');
  expect(name).not.toMatch(/[\u0000-\u001f\u202e]/);
  await waitFinished(request, created.id);
  const dl = await request.get(`/api/v1/convert/download/${created.id}`);
  expect(dl.headers()['content-disposition']).not.toContain('../');
});

test('a media "file" that is a playlist pointing at a local file is never handed to ffmpeg', async ({ request }) => {
  const playlists = [
    ['#EXTM3U\n#EXT-X-MEDIA-SEQUENCE:0\n#EXTINF:10.0,\nfile:///etc/passwd\n#EXT-X-ENDLIST\n', 'movie.mp4'],
    ['ffconcat version 1.0\nfile /etc/passwd\n', 'song.mp3'],
    ['#EXTM3U\n#EXTINF:10,\nhttp://127.0.0.1:1/secret.ts\n', 'clip.mkv'],
  ];
  for (const [body, name] of playlists) {
    const res = await upload(request, Buffer.from(body), name, 'mp4');
    // Detected as plain text, which does not convert to video: refused before any engine runs.
    expect(res.status(), name).toBe(400);
    expect((await res.json()).code).toMatch(/unsupported_(format|conversion)/);
  }
});

test('malformed ids and unknown targets are 400 with {error, code}', async ({ request }) => {
  for (const id of ['abc', '-5', '1e9', '00']) {
    const res = await request.get(`/api/v1/convert/status/${id}`);
    expect(res.status(), id).toBe(400);
    expect(await res.json()).toHaveProperty('error');
  }
  const res = await upload(request, await makePng(), 'a.png', 'exe');
  expect(res.status()).toBe(400);
});
