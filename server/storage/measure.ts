import { createHash } from "node:crypto";
import { Readable, Transform } from "node:stream";
import { BlobTooLargeError } from "./blob-store.ts";

/**
 * A pass-through that counts the bytes and hashes them (SHA-256) as they stream by, and
 * fails with BlobTooLargeError the moment they pass `maxBytes`: a store pipes every body
 * through one, so what it reports is what it stored.
 */
export class Measure extends Transform {
  // Not `size`: lib-storage reads a body's `size` as its length before it is read.
  bytes = 0;
  readonly maxBytes: number;
  readonly #hash = createHash("sha256");

  constructor(maxBytes: number) {
    super();
    this.maxBytes = maxBytes;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null, data?: Buffer) => void) {
    this.bytes += chunk.byteLength;
    if (this.bytes > this.maxBytes) {
      done(new BlobTooLargeError(this.maxBytes));
      return;
    }
    this.#hash.update(chunk);
    done(null, chunk);
  }

  /** The hex SHA-256 of everything that passed; only once the stream has ended. */
  sha256(): string {
    return this.#hash.copy().digest("hex");
  }
}

/** A body as a stream: bytes in memory become a one-chunk stream. */
export function asStream(body: Readable | Uint8Array): Readable {
  return body instanceof Uint8Array
    ? Readable.from([Buffer.from(body.buffer, body.byteOffset, body.byteLength)])
    : body;
}
