export { createTransmute, fileNameOf } from './client.js';
export type {
  BatchCreated,
  Conversion,
  ConvertOptions,
  ConvertResult,
  CreateShareLink,
  FileInput,
  FormatEntry,
  MergeOptions,
  NamedFile,
  ShareLink,
  Transmute,
  TransmuteOptions,
} from './client.js';
export { dataOf, errorOf, TransmuteError } from './errors.js';
export { tusErrorOf } from './upload.js';
export type { ConversionState, ConversionStatus, WaitOptions } from './wait.js';
export { verifyWebhook, type WebhookEvent } from './webhooks.js';
export type { components, operations, paths } from './schema.js';
