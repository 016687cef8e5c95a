// The parts API on local disk (the default store). The same suite runs on S3 in uploads-parts-s3.
import { uploadsSuite } from '@/tests/support/uploads-suite';

uploadsSuite('local');
