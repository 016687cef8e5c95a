import type { AnyOperation } from '@/lib/schemas/operation';
import * as conversion from '@/lib/schemas/conversion';
import { convertOp } from '@/lib/schemas/convert';
import * as system from '@/lib/schemas/system';
import * as billing from '@/lib/schemas/billing';
import * as accounts from '@/lib/schemas/accounts';
import * as apiKeys from '@/lib/schemas/api-keys';
import * as subscriptions from '@/lib/schemas/subscriptions';
import * as uploads from '@/lib/schemas/uploads';
import * as tools from '@/lib/schemas/tools';
import { shareOperations } from '@/lib/schemas/shares';
import { batchOperations } from '@/lib/schemas/batches';
import { mergeOp } from '@/lib/schemas/merge';
import { teamOperations } from '@/lib/schemas/teams';
import { statsOp } from '@/lib/schemas/stats';
import { uploadUrlOp } from '@/lib/schemas/url-import';
import { webhookOperations } from '@/lib/schemas/webhooks';
import { cloudOperations } from '@/lib/schemas/cloud';
import { cloudConnectionOperations } from '@/lib/schemas/cloud-connections';
import { adminOperations } from '@/lib/schemas/admin';
import { adminServiceOp } from '@/lib/schemas/admin-service';

/** Every operation the API serves; the OpenAPI document is built from this list. */
export const operations: AnyOperation[] = [
  convertOp,
  conversion.convertUploadOp,
  uploadUrlOp,
  conversion.conversionStatusOp,
  conversion.downloadOp,
  conversion.presignedUrlOp,
  conversion.progressOp,
  conversion.cancelOp,
  conversion.retryOp,
  conversion.deleteOp,
  tools.compressUploadOp,
  tools.ocrOp,
  tools.ocrLanguagesOp,
  system.formatsOp,
  system.healthOp,
  system.livenessOp,
  system.signedFileOp,
  system.openapiOp,
  system.inngestOp,
  accounts.registerOp,
  accounts.tokenOp,
  accounts.refreshOp,
  accounts.revokeOp,
  accounts.verifyEmailOp,
  accounts.resendVerificationOp,
  accounts.passwordResetOp,
  accounts.passwordResetConfirmOp,
  accounts.profileOp,
  accounts.nextAuthGetOp,
  accounts.nextAuthPostOp,
  accounts.ssoLinkOp,
  apiKeys.listApiKeysOp,
  apiKeys.createApiKeyOp,
  apiKeys.deleteApiKeyOp,
  subscriptions.plansOp,
  subscriptions.subscriptionOp,
  billing.checkoutOp,
  billing.portalOp,
  billing.stripeWebhookOp,
  uploads.initUploadOp,
  uploads.getUploadOp,
  uploads.putPartOp,
  uploads.completeUploadOp,
  uploads.deleteUploadOp,
  ...shareOperations,
  ...batchOperations,
  mergeOp,
  ...webhookOperations,
  ...cloudOperations,
  ...cloudConnectionOperations,
  ...teamOperations,
  statsOp,
  adminServiceOp,
  uploads.tusCreateOp,
  uploads.tusHeadOp,
  uploads.tusPatchOp,
  uploads.tusDeleteOp,
  uploads.tusOptionsOp,
  ...adminOperations,
];
