// The tus endpoint on S3 (@tus/s3-store against s3rver with ListParts and AbortMultipartUpload in
// front). The store is chosen from the environment when lib/config is first imported, so the suite
// is imported only after the fake runs and the variables are set.
import { afterAll } from 'vitest';
import { startFakeS3 } from '@/tests/support/fake-s3';

const s3 = await startFakeS3('transmute-tus');
afterAll(() => s3.close());

const { tusSuite } = await import('@/tests/support/tus-suite');
tusSuite(s3);
