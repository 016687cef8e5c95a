import { config } from '@/lib/config';
import { localStoreView } from '@/tests/support/store-view';
import { tusSuite } from '@/tests/support/tus-suite';

tusSuite(localStoreView(config.filesDir));
