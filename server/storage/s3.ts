import type { S3Settings } from "../config.ts";
import { pipeline, Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  NotFound,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import {
  BlobStoreError,
  checkKey,
  checkRange,
  type BlobRead,
  type BlobStore,
  type ByteRange,
  type PutOptions,
  type StoredBlob,
} from "./blob-store.ts";
import { asStream, Measure } from "./measure.ts";

/** Parts of 8 MB, two in flight: an upload of any size holds a few parts in memory, never the whole file. */
const partSize = 8 * 1024 * 1024;
const queueSize = 2;

/**
 * Blobs as objects in an S3-compatible bucket. Bodies stream in multipart uploads
 * (`@aws-sdk/lib-storage`); one that breaks off or passes its limit is aborted, parts
 * and all, so the key keeps what it held before.
 */
export function openS3Store(settings: S3Settings): BlobStore {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.credentials,
  });
  const keyOf = (key: string) => `${settings.prefix}${checkKey(key)}`;
  const unavailable = (error: unknown) =>
    new BlobStoreError("The file store did not answer: the file was not kept. Try again in a moment.", "unavailable", {
      cause: error,
    });
  // A read that failed for any reason but the file's absence: the store is out of reach or refusing.
  const unreadable = (error: unknown) =>
    new BlobStoreError(
      "The file store did not answer: the file cannot be read now. Try again in a moment.",
      "unavailable",
      {
        cause: error,
      },
    );

  async function head(key: string): Promise<{ size: number } | null> {
    try {
      const answer = await client.send(new HeadObjectCommand({ Bucket: settings.bucket, Key: keyOf(key) }));
      return { size: answer.ContentLength ?? 0 };
    } catch (error) {
      if (
        error instanceof NotFound ||
        (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404)
      ) {
        return null;
      }
      throw unreadable(error);
    }
  }

  return {
    kind: "s3",

    async put(key: string, body, options: PutOptions): Promise<StoredBlob> {
      const measure = new Measure(options.maxBytes);
      // Body and measure joined by pipeline: a body that fails (a client gone mid-way) fails
      // the measure, and so the upload, which aborts the multipart upload on S3, parts and
      // all; a measure that refuses (too large), or an upload that stops reading it (the
      // store failed), destroys the body, so nothing goes on reading it.
      pipeline(asStream(body), measure, () => {});
      const upload = new Upload({
        client,
        params: { Bucket: settings.bucket, Key: keyOf(key), Body: measure, ContentType: options.contentType },
        partSize,
        queueSize,
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (error) {
        // The body's own failure (too large, broken off) says more than the upload's.
        if (measure.errored) throw measure.errored;
        measure.destroy(); // and with it the body: nothing goes on reading it
        throw unavailable(error);
      }
      return { key, size: measure.bytes, sha256: measure.sha256() };
    },

    async get(key: string, range?: ByteRange): Promise<BlobRead | null> {
      let size: number | undefined;
      if (range) {
        const found = await head(key);
        if (!found) return null;
        size = found.size;
      }
      const part = size === undefined ? undefined : checkRange(range, size);
      try {
        const answer = await client.send(
          new GetObjectCommand({
            Bucket: settings.bucket,
            Key: keyOf(key),
            Range: part ? `bytes=${part.start}-${part.end}` : undefined,
          }),
        );
        if (!(answer.Body instanceof Readable)) throw new Error("The file store answered without a body.");
        return { body: answer.Body, size: answer.ContentLength ?? 0 };
      } catch (error) {
        if (error instanceof NoSuchKey || (error instanceof S3ServiceException && error.name === "NoSuchKey")) {
          return null;
        }
        throw unreadable(error);
      }
    },

    head,

    async delete(key: string) {
      await client.send(new DeleteObjectCommand({ Bucket: settings.bucket, Key: keyOf(key) }));
    },

    async *list() {
      let continuationToken: string | undefined;
      do {
        const page = await client
          .send(
            new ListObjectsV2Command({
              Bucket: settings.bucket,
              ...(settings.prefix ? { Prefix: settings.prefix } : {}),
              ...(continuationToken ? { ContinuationToken: continuationToken } : {}),
            }),
          )
          .catch((error: unknown) => {
            throw unavailable(error);
          });
        for (const object of page.Contents ?? []) {
          if (object.Key?.startsWith(settings.prefix)) yield object.Key.slice(settings.prefix.length);
        }
        continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (continuationToken);
    },

    close() {
      client.destroy();
      return Promise.resolve();
    },
  };
}
