import type { Readable } from 'node:stream';

/** Where uploaded inputs and results live. Every method streams; nothing holds a whole file. */
export interface Storage {
  /** Streams `body` to `key`; resolves with the byte count. A failed put leaves nothing behind. */
  put(key: string, body: Readable, options?: { contentType?: string }): Promise<{ size: number }>;
  get(key: string): Promise<Readable>;
  /** Byte size, or null when the object does not exist. */
  size(key: string): Promise<number | null>;
  /** Removes the object; missing objects are not an error. */
  delete(key: string): Promise<void>;
  /** A short-lived URL that downloads the object without credentials. */
  presignedUrl(key: string, options: PresignOptions): Promise<string>;
  /** Throws when the store cannot be reached. */
  check(): Promise<void>;
  /**
   * Deletes what puts cut short by a crashed process left behind, untouched for `olderThanMs`
   * (a live put keeps writing, so it is never that old). Resolves with how many were removed.
   */
  sweepIncomplete(olderThanMs: number): Promise<number>;
}

export type PresignOptions = {
  expiresInSeconds: number;
  fileName: string;
  contentType: string;
  /** Origin of this service, for drivers that serve the link themselves (local disk). */
  baseUrl: string;
};
