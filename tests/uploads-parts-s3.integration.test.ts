// The parts API on S3 (s3rver): the store is chosen from the environment when lib/config is first
// imported, so the suite is imported only after the server runs and the variables are set.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll } from 'vitest';

const directory = await mkdtemp(path.join(os.tmpdir(), 's3rver-uploads-'));
const server = new S3rver({
  port: 0,
  address: '127.0.0.1',
  directory,
  silent: true,
  configureBuckets: [{ name: 'transmute-uploads', configs: [] }],
});
const { port } = (await server.run()) as { port: number };
Object.assign(process.env, {
  STORAGE_DRIVER: 's3',
  S3_ENDPOINT: `http://127.0.0.1:${port}`,
  S3_BUCKET: 'transmute-uploads',
  S3_ACCESS_KEY_ID: 'S3RVER',
  S3_SECRET_ACCESS_KEY: 'S3RVER',
});

afterAll(async () => {
  await server.close();
  await rm(directory, { recursive: true, force: true });
});

const { uploadsSuite } = await import('@/tests/support/uploads-suite');
uploadsSuite('s3');
