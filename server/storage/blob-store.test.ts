import { createHash } from "node:crypto";
import { mkdtemp, readdir, rm, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startS3Server } from "../../tests/support/s3-server.ts";
import { BlobStoreError, BlobTooLargeError, checkKey, type BlobStore } from "./blob-store.ts";
import { incomingMaxAgeMs, incomingSweepEveryMs, openFilesystemStore } from "./filesystem.ts";
import { openS3Store } from "./s3.ts";

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const options = { contentType: "application/octet-stream", maxBytes: 64 * 1024 * 1024 };

/** `count` chunks of `size` bytes, each filled with its own number, then the end. */
function chunks(count: number, size: number): { stream: Readable; bytes: Buffer } {
  const parts = Array.from({ length: count }, (_, index) => Buffer.alloc(size, index % 251));
  return { stream: Readable.from(parts), bytes: Buffer.concat(parts) };
}

/** A body that breaks off after `count` chunks, as a dropped connection does. */
function brokenOff(count: number, size: number): Readable {
  return Readable.from(
    (function* () {
      for (let index = 0; index < count; index += 1) yield Buffer.alloc(size, 7);
      throw new Error("the connection dropped");
    })(),
  );
}

/** The blob's bytes, failing the test when there is none. */
async function contents(store: BlobStore, key: string, range?: { start: number; end: number }): Promise<Buffer> {
  const read = await store.get(key, range);
  if (!read) throw new Error(`no blob at ${key}`);
  return buffer(read.body);
}

const kinds = ["filesystem", "s3"] as const;

describe.each(kinds)("the %s blob store", (kind) => {
  let store: BlobStore;
  let root: string;
  let stop = async () => {};
  /** Multipart uploads left open on S3 (their parts kept); none on the filesystem. */
  let uploadsInProgress = () => Promise.resolve(0);

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), "densara-blobs-"));
    if (kind === "filesystem") {
      store = await openFilesystemStore(root);
    } else {
      const server = await startS3Server("media");
      store = openS3Store({
        bucket: "media",
        region: "us-east-1",
        endpoint: server.endpoint,
        forcePathStyle: true,
        credentials: server.credentials,
        prefix: "test/",
      });
      stop = () => server.stop();
      uploadsInProgress = () => server.multipartUploadsInProgress();
    }
  });

  afterAll(async () => {
    await store.close();
    await stop();
    await rm(root, { recursive: true, force: true });
  });

  it("keeps bytes under a key and gives them back, with their size and SHA-256", async () => {
    const bytes = new TextEncoder().encode("Release notes for firmware 5.2.1\n");
    const stored = await store.put("notes/a1.txt", bytes, options);
    expect(stored).toEqual({ key: "notes/a1.txt", size: bytes.byteLength, sha256: sha256(bytes) });
    expect(await store.head("notes/a1.txt")).toEqual({ size: bytes.byteLength });
    expect((await store.get("notes/a1.txt"))?.size).toBe(bytes.byteLength);
    expect(new Uint8Array(await contents(store, "notes/a1.txt"))).toEqual(bytes);
  });

  it("streams a body larger than a multipart part, measuring it as it goes", async () => {
    // 20 MB in 1 MB chunks: three parts of a multipart upload on S3.
    const { stream, bytes } = chunks(20, 1024 * 1024);
    const stored = await store.put("releases/large.bin", stream, options);
    expect(stored.size).toBe(bytes.byteLength);
    expect(stored.sha256).toBe(sha256(bytes));
    expect(sha256(await contents(store, "releases/large.bin"))).toBe(sha256(bytes));
  });

  it("gives back a byte range", async () => {
    await store.put("range/r.txt", new TextEncoder().encode("0123456789"), options);
    expect((await store.get("range/r.txt", { start: 2, end: 5 }))?.size).toBe(4);
    expect((await contents(store, "range/r.txt", { start: 2, end: 5 })).toString()).toBe("2345");
    expect((await contents(store, "range/r.txt", { start: 8, end: 100 })).toString()).toBe("89");
    await expect(store.get("range/r.txt", { start: 10, end: 12 })).rejects.toThrow(RangeError);
  });

  it("refuses a body over its limit and keeps nothing of it", async () => {
    const { stream } = chunks(4, 1024);
    await expect(store.put("limits/big.bin", stream, { ...options, maxBytes: 3000 })).rejects.toBeInstanceOf(
      BlobTooLargeError,
    );
    expect(await store.head("limits/big.bin")).toBeNull();
    expect(await store.get("limits/big.bin")).toBeNull();
    // Nothing goes on reading a refused body.
    expect(stream.destroyed).toBe(true);
  });

  it("a body over its limit leaves the file already under that key as it was", async () => {
    const before = new TextEncoder().encode("the first version");
    await store.put("limits/kept.txt", before, options);
    await expect(
      store.put("limits/kept.txt", chunks(3, 1024).stream, { ...options, maxBytes: 2048 }),
    ).rejects.toBeInstanceOf(BlobTooLargeError);
    expect((await contents(store, "limits/kept.txt")).toString()).toBe("the first version");
  });

  it("a body that breaks off keeps nothing, even past a multipart part", async () => {
    await expect(store.put("broken/small.bin", brokenOff(2, 1024), options)).rejects.toThrow("the connection dropped");
    expect(await store.head("broken/small.bin")).toBeNull();
    // 9 MB then the break: one whole part was sent to S3 before it, and the upload is aborted there.
    await expect(store.put("broken/large.bin", brokenOff(9, 1024 * 1024), options)).rejects.toThrow(
      "the connection dropped",
    );
    expect(await store.head("broken/large.bin")).toBeNull();
    expect(await uploadsInProgress()).toBe(0);
  });

  it("a body over its limit past a multipart part leaves no part behind", async () => {
    await expect(
      store.put("limits/large.bin", chunks(12, 1024 * 1024).stream, { ...options, maxBytes: 10 * 1024 * 1024 }),
    ).rejects.toBeInstanceOf(BlobTooLargeError);
    expect(await store.head("limits/large.bin")).toBeNull();
    expect(await uploadsInProgress()).toBe(0);
  });

  it("deletes a blob, and deleting or reading a missing one is no error", async () => {
    await store.put("gone/x.txt", new TextEncoder().encode("x"), options);
    await store.delete("gone/x.txt");
    expect(await store.head("gone/x.txt")).toBeNull();
    expect(await store.get("gone/x.txt")).toBeNull();
    await expect(store.delete("gone/never.txt")).resolves.toBeUndefined();
  });

  it("lists every key that holds a blob, in its own words (no prefix, no folder of its own)", async () => {
    const keys = ["listed/a.txt", "listed/deep/er/b.bin", "listed/c.txt"];
    for (const key of keys) await store.put(key, new TextEncoder().encode(key), options);
    await store.delete("listed/c.txt");
    const listed: string[] = [];
    for await (const key of store.list()) listed.push(key);
    expect(listed.filter((key) => key.startsWith("listed/")).sort()).toEqual(["listed/a.txt", "listed/deep/er/b.bin"]);
    // Nothing outside the blobs themselves: no upload in progress, no other prefix.
    expect(listed.every((key) => checkKey(key) === key)).toBe(true);
  });

  it("refuses a key the server should never make", async () => {
    for (const key of ["../etc/passwd", "/absolute", "a/../b", "Upper.png", "a//b", "", "a/b/", ".hidden"]) {
      expect(() => checkKey(key), key).toThrow("Not a storage key");
      await expect(store.put(key, new Uint8Array([1]), options), key).rejects.toThrow("Not a storage key");
    }
    expect(checkKey("media/2026/11/0b9c2f.webp")).toBe("media/2026/11/0b9c2f.webp");
  });

  if (kind === "s3") {
    it("says a store that does not answer is unavailable, keeps nothing and reads no more of the body", async () => {
      // A port nothing listens on (the discard port, refused on loopback).
      const silent = openS3Store({
        bucket: "media",
        region: "us-east-1",
        endpoint: "http://127.0.0.1:9",
        forcePathStyle: true,
        credentials: { accessKeyId: "x", secretAccessKey: "y" },
        prefix: "",
      });
      const { stream } = chunks(2, 1024);
      const failure = await silent.put("media/a.bin", stream, options).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(BlobStoreError);
      expect(failure).toMatchObject({ reason: "unavailable" });
      expect(stream.destroyed).toBe(true);
      await silent.close();
    });
  }

  if (kind === "filesystem") {
    it("leaves nothing in its incoming folder after a failed upload", async () => {
      await expect(store.put("broken/again.bin", brokenOff(1, 1024), options)).rejects.toThrow();
      await expect(
        store.put("limits/again.bin", chunks(2, 1024).stream, { ...options, maxBytes: 1024 }),
      ).rejects.toBeInstanceOf(BlobTooLargeError);
      expect(await readdir(join(root, "incoming"))).toEqual([]);
    });

    it("on opening, removes a crashed upload's leftover once an hour unwritten, and leaves a newer one", async () => {
      const old = join(root, "incoming", "left-by-a-crash");
      const fresh = join(root, "incoming", "being-written");
      await writeFile(old, "part of a file");
      await writeFile(fresh, "part of a file");
      const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
      await utimes(old, twoHoursAgo, twoHoursAgo);
      const reopened = await openFilesystemStore(root);
      expect(await readdir(join(root, "incoming"))).toEqual(["being-written"]);
      // What was stored before is still there.
      expect(await reopened.head("notes/a1.txt")).not.toBeNull();
      await reopened.close();
      await rm(fresh);
    });

    it("sweeps its incoming folder every 10 minutes, not only at the start, until it is closed", async () => {
      // The store's timer is a fake one, moved by the test; the files' ages are their times of last writing.
      vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
      const folder = await mkdtemp(join(tmpdir(), "densara-sweep-"));
      try {
        const swept = await openFilesystemStore(folder);
        const incoming = join(folder, "incoming");
        const leave = async (name: string, minutesAgo: number) => {
          await writeFile(join(incoming, name), "part of a file");
          const when = new Date(Date.now() - minutesAgo * 60_000);
          await utimes(join(incoming, name), when, when);
        };
        await leave("unwritten-for-61-minutes", 61);
        await leave("unwritten-for-3-hours", 180);
        await leave("written-59-minutes-ago", 59);
        await leave("being-written", 0);
        expect(vi.getTimerCount()).toBe(1);
        vi.advanceTimersByTime(incomingSweepEveryMs);
        // Closing waits for the sweep under way, and stops the timer.
        await swept.close();
        expect((await readdir(incoming)).sort()).toEqual(["being-written", "written-59-minutes-ago"]);
        expect(vi.getTimerCount()).toBe(0);
        expect(incomingMaxAgeMs).toBe(60 * 60 * 1000);
      } finally {
        vi.useRealTimers();
        await rm(folder, { recursive: true, force: true });
      }
    });
  }
});
