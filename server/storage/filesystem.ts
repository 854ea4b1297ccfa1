import { randomUUID } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, readdir, rename, rm, stat } from "node:fs/promises";
import { dirname, join, relative, sep } from "node:path";
import { pipeline } from "node:stream/promises";
import {
  BlobStoreError,
  BlobTooLargeError,
  checkKey,
  checkRange,
  type BlobRead,
  type BlobStore,
  type ByteRange,
  type PutOptions,
  type StoredBlob,
} from "./blob-store.ts";
import { asStream, Measure } from "./measure.ts";

/**
 * A file in `incoming/` unwritten for this long is a leftover (of a process that died
 * mid-upload): an upload in progress writes its file as its bytes arrive, and Node's
 * HTTP server ends a request that has not all arrived within 5 minutes.
 */
export const incomingMaxAgeMs = 60 * 60 * 1000;
/** How often `incoming/` is swept for leftovers, besides at every start. */
export const incomingSweepEveryMs = 10 * 60 * 1000;

function errorCode(error: unknown): string | undefined {
  return error instanceof Error && "code" in error && typeof error.code === "string" ? error.code : undefined;
}

/**
 * Blobs as files under `root`: `root/blobs/<key>`. A body is written to `root/incoming/`
 * first (through `pipeline`, so a body that fails closes the file), flushed to disk, and
 * renamed into place only once whole and within its limit, so a key never holds part of
 * a file; a file that fails is removed at once. Files left in `incoming/` by a process
 * that died mid-upload are removed at the start and every 10 minutes after, once
 * unwritten for an hour (another process on the same disk may be writing a newer one);
 * `close` stops that.
 */
export async function openFilesystemStore(root: string): Promise<BlobStore> {
  const blobs = join(root, "blobs");
  const incoming = join(root, "incoming");
  await mkdir(blobs, { recursive: true });
  await mkdir(incoming, { recursive: true });
  await sweepIncoming(incoming, Date.now() - incomingMaxAgeMs);
  let sweeping: Promise<unknown> | undefined;
  const sweeper = setInterval(() => {
    // One sweep at a time; one that fails (the folder out of reach) is tried again at the next.
    sweeping ??= sweepIncoming(incoming, Date.now() - incomingMaxAgeMs)
      .catch(() => {})
      .finally(() => {
        sweeping = undefined;
      });
  }, incomingSweepEveryMs);
  // The sweep never keeps a process alive that has nothing else to do.
  sweeper.unref();
  const pathOf = (key: string) => join(blobs, checkKey(key));

  return {
    kind: "filesystem",

    async put(key: string, body, options: PutOptions): Promise<StoredBlob> {
      const target = pathOf(key);
      const temporary = join(incoming, randomUUID());
      const measure = new Measure(options.maxBytes);
      try {
        await pipeline(asStream(body), measure, createWriteStream(temporary, { flags: "wx", flush: true }));
        await mkdir(dirname(target), { recursive: true });
        await rename(temporary, target);
      } catch (error) {
        await rm(temporary, { force: true });
        if (error instanceof BlobTooLargeError) throw error;
        const code = errorCode(error);
        if (code === "ENOSPC" || code === "EDQUOT") {
          throw new BlobStoreError("The server's disk is full: the file was not kept.", "full", { cause: error });
        }
        throw error;
      }
      return { key, size: measure.bytes, sha256: measure.sha256() };
    },

    async get(key: string, range?: ByteRange): Promise<BlobRead | null> {
      const path = pathOf(key);
      let size: number;
      try {
        size = (await stat(path)).size;
      } catch (error) {
        if (errorCode(error) === "ENOENT") return null;
        throw error;
      }
      const part = checkRange(range, size);
      const body = createReadStream(path, part ? { start: part.start, end: part.end } : {});
      return { body, size: part ? part.end - part.start + 1 : size };
    },

    async head(key: string) {
      try {
        return { size: (await stat(pathOf(key))).size };
      } catch (error) {
        if (errorCode(error) === "ENOENT") return null;
        throw error;
      }
    },

    async delete(key: string) {
      await rm(pathOf(key), { force: true });
    },

    async *list() {
      for (const entry of await readdir(blobs, { recursive: true, withFileTypes: true })) {
        if (entry.isFile()) yield relative(blobs, join(entry.parentPath, entry.name)).split(sep).join("/");
      }
    },

    async close() {
      clearInterval(sweeper);
      await sweeping;
    },
  };
}

/** Removes the files in `incoming` last written before `before` (ms since the epoch); returns how many. */
async function sweepIncoming(incoming: string, before: number): Promise<number> {
  let removed = 0;
  for (const name of await readdir(incoming)) {
    const path = join(incoming, name);
    const modified = (await stat(path).catch(() => null))?.mtimeMs;
    if (modified !== undefined && modified < before) {
      await rm(path, { force: true });
      removed += 1;
    }
  }
  return removed;
}
