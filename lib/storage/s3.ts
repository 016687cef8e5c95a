import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  S3Client,
  type S3ClientConfig,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { create as contentDisposition } from 'content-disposition';
import { createReadStream, createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertValidKey } from '@/lib/storage/keys';
import type { Storage } from '@/lib/storage/types';

export type S3Settings = {
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
};

/**
 * An S3 client's options: this module's client, the tus store's (lib/uploads/tus/store.ts) and cloud
 * import's reader of the administrator's bucket (lib/cloud/fetch-cloud-file.ts).
 */
export function s3ClientOptions(settings: Omit<S3Settings, 'bucket'>): S3ClientConfig {
  return {
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    // A streamed part with a default checksum goes out as aws-chunked with a trailer, which several
    // S3-compatible stores (s3rver among them) store verbatim; checksums only where S3 requires them.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
  };
}

/** Any S3-compatible store. Uploads stream through multipart (lib-storage), 8 MiB parts. */
export function s3Storage(settings: S3Settings): Storage {
  const client = new S3Client(s3ClientOptions(settings));
  const Bucket = settings.bucket;
  const isMissing = (e: unknown) => {
    const err = e as { name?: string; $metadata?: { httpStatusCode?: number } };
    return err.name === 'NotFound' || err.name === 'NoSuchKey' || err.$metadata?.httpStatusCode === 404;
  };

  return {
    async put(key, body, options) {
      assertValidKey(key);
      let size = 0;
      body.on('data', (chunk: Buffer) => (size += chunk.length));
      const upload = new Upload({
        client,
        params: { Bucket, Key: key, Body: body, ContentType: options?.contentType },
        partSize: 8 * 1024 * 1024,
        queueSize: 2,
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (e) {
        await client.send(new DeleteObjectCommand({ Bucket, Key: key })).catch(() => {});
        throw e;
      }
      return { size };
    },
    async get(key) {
      assertValidKey(key);
      const res = await client.send(new GetObjectCommand({ Bucket, Key: key }));
      return res.Body as Readable;
    },
    async getToFile(key, target) {
      await pipeline(await this.get(key), createWriteStream(target, { flags: 'wx' }));
    },
    async putFile(key, source, options) {
      const stored = await this.put(key, createReadStream(source), options);
      await rm(source, { force: true });
      return stored;
    },
    async size(key) {
      assertValidKey(key);
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return head.ContentLength ?? 0;
      } catch (e) {
        if (isMissing(e)) return null;
        throw e;
      }
    },
    async delete(key) {
      assertValidKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async presignedUrl(key, { expiresInSeconds, fileName, contentType }) {
      assertValidKey(key);
      const command = new GetObjectCommand({
        Bucket,
        Key: key,
        ResponseContentDisposition: contentDisposition(fileName),
        ResponseContentType: contentType,
      });
      return getSignedUrl(client, command, { expiresIn: expiresInSeconds });
    },
    async check() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },
    // A failed put aborts its multipart upload; one cut short by a crash is the bucket's to expire
    // (an AbortIncompleteMultipartUpload lifecycle rule), as S3 keeps no partial object in view.
    async sweepIncomplete() {
      return 0;
    },
    async createMultipart(key) {
      assertValidKey(key);
      const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket, Key: key }));
      if (!UploadId) throw new Error('S3 returned no UploadId');
      return UploadId;
    },
    async putPart(key, UploadId, { number, size }, body) {
      assertValidKey(key);
      // Streamed with its length known up front: nothing is buffered. A body that fails must end
      // the request too, or the store waits for the bytes its Content-Length promised.
      const abort = new AbortController();
      body.once('error', () => abort.abort());
      const res = await client.send(
        new UploadPartCommand({ Bucket, Key: key, UploadId, PartNumber: number, Body: body, ContentLength: size }),
        { abortSignal: abort.signal },
      );
      if (!res.ETag) throw new Error('S3 returned no ETag for the part');
      return { etag: res.ETag };
    },
    async completeMultipart(key, UploadId, parts) {
      assertValidKey(key);
      const Parts = parts.map((p) => ({ PartNumber: p.number, ETag: p.etag }));
      await client.send(new CompleteMultipartUploadCommand({ Bucket, Key: key, UploadId, MultipartUpload: { Parts } }));
    },
    async abortMultipart(key, UploadId) {
      assertValidKey(key);
      try {
        await client.send(new AbortMultipartUploadCommand({ Bucket, Key: key, UploadId }));
      } catch (e) {
        const name = (e as { name?: string }).name;
        if (name === 'NoSuchUpload' || isMissing(e)) return;
        // Some S3-compatible stores (s3rver) cannot abort: the bucket's AbortIncompleteMultipartUpload
        // lifecycle rule removes the parts instead, as for a put cut short by a crash.
        if (name === 'MethodNotAllowed' || name === 'NotImplemented') return;
        throw e;
      }
    },
  };
}
