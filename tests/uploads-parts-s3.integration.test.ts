// The parts API on S3 (s3rver, with AbortMultipartUpload answered in front of it, tests/support/fake-s3).
// The store is chosen from the environment when lib/config is first imported, so the suite is
// imported only after the fake runs and the variables are set.
import { afterAll } from 'vitest';
import { startFakeS3 } from '@/tests/support/fake-s3';

const s3 = await startFakeS3('transmute-uploads');
afterAll(() => s3.close());

const { uploadsSuite } = await import('@/tests/support/uploads-suite');
uploadsSuite(s3);
