// The parts API on local disk (the default store). The same suite runs on S3 in uploads-parts-s3.
import { config } from '@/lib/config';
import { localStoreView } from '@/tests/support/store-view';
import { uploadsSuite } from '@/tests/support/uploads-suite';

uploadsSuite(localStoreView(config.filesDir));
