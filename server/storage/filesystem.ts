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

/** A file still being written is this old at most before a start takes it for a crash's leftover. */
const abandonedAfterMs = 24 * 60 * 60 * 1000;

function errorCode(error: unknown): string | undefined {
  return error instanceof Error && "code" in error && typeof error.code === "string" ? error.code : undefined;
}

/**
 * Blobs as files under `root`: `root/blobs/<key>`. A body is written to `root/incoming/`
 * first, flushed to disk, and renamed into place only once whole and within its limit,
 * so a key never holds part of a file, and a file that fails is removed. Files left in
 * `incoming/` by a process that died mid-upload are removed on the next start, once a
 * day old (another process on the same disk may be writing a newer one).
 */
export async function openFilesystemStore(root: string): Promise<BlobStore> {
  const blobs = join(root, "blobs");
  const incoming = join(root, "incoming");
  await mkdir(blobs, { recursive: true });
  await mkdir(incoming, { recursive: true });
  await sweepIncoming(incoming, Date.now() - abandonedAfterMs);
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

    async close() {},
  };
}

async function sweepIncoming(incoming: string, before: number): Promise<void> {
  for (const name of await readdir(incoming)) {
    const path = join(incoming, name);
    const modified = (await stat(path).catch(() => null))?.mtimeMs;
    if (modified !== undefined && modified < before) await rm(path, { force: true });
  }
}
