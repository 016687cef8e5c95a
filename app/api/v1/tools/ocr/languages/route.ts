import { withApi } from '@/lib/api/with-api';
import { installedLanguages } from '@/lib/engines/ocr/languages';
import { ocrLanguagesOp } from '@/lib/schemas/tools';

// GET /api/v1/tools/ocr/languages – the installed OCR languages
export const GET = withApi(ocrLanguagesOp, async () => ({ data: { languages: installedLanguages() } }));
