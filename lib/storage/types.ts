import type { Readable } from 'node:stream';

/** Where uploaded inputs and results live. Every method streams; nothing holds a whole file. */
export interface Storage {
  /** Streams `body` to `key`; resolves with the byte count. A failed put leaves nothing behind. */
  put(key: string, body: Readable, options?: { contentType?: string }): Promise<{ size: number }>;
  get(key: string): Promise<Readable>;
  /**
   * Puts the object at the new local file `target`, for a job to read (local disk: a hard link to
   * the stored file, made read-only; across filesystems a kernel copy; S3: a download).
   */
  getToFile(key: string, target: string): Promise<void>;
  /**
   * Stores the local file `source` at `key`, which takes the file over: local disk moves it into
   * place (a rename on the same filesystem) and `source` is gone afterwards; S3 uploads it.
   */
  putFile(key: string, source: string, options?: { contentType?: string }): Promise<{ size: number }>;
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

  // Objects written part by part (resumable uploads). Parts arrive in any order, retried freely;
  // completing makes the object readable at its key without copying the bytes again.

  /** Opens a multipart object at `key`; resolves with the driver's handle (S3's UploadId). */
  createMultipart(key: string, size: number): Promise<string>;
  /**
   * Streams one part: S3 part `number`, or the bytes at `offset` of the one file on local disk.
   * `body` must carry exactly `size` bytes (lib/uploads checks that); a repeat replaces the part.
   */
  putPart(key: string, handle: string, part: MultipartPart, body: Readable): Promise<{ etag: string }>;
  /** Makes the object readable at `key` from its parts, given in order. */
  completeMultipart(key: string, handle: string, parts: Array<{ number: number; etag: string }>): Promise<void>;
  /** Drops an unfinished multipart object and every part stored so far. */
  abortMultipart(key: string, handle: string): Promise<void>;
}

type MultipartPart = { number: number; offset: number; size: number };

type PresignOptions = {
  expiresInSeconds: number;
  fileName: string;
  contentType: string;
  /** Origin of this service, for drivers that serve the link themselves (local disk). */
  baseUrl: string;
};
