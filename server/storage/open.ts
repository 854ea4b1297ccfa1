import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Config } from "../config.ts";
import type { BlobStore } from "./blob-store.ts";
import { openFilesystemStore } from "./filesystem.ts";

/**
 * The file store the configuration names (ADR 021): the S3-compatible bucket of S3_*, or
 * the folder `files` in DATA_DIR. With DATA_DIR=memory:// (tests, a throwaway demo) files
 * go to a temporary folder of this process, removed when the store closes.
 */
export async function openFileStore(config: Pick<Config, "s3" | "dataDir">): Promise<BlobStore> {
  // The AWS SDK (tens of megabytes) is loaded only by a server that uses S3.
  if (config.s3) return (await import("./s3.ts")).openS3Store(config.s3);
  if (!config.dataDir.startsWith("memory://")) return openFilesystemStore(join(config.dataDir, "files"));
  const root = await mkdtemp(join(tmpdir(), "densara-files-"));
  const store = await openFilesystemStore(root);
  return {
    ...store,
    async close() {
      await store.close();
      await rm(root, { recursive: true, force: true });
    },
  };
}

/** Where files are, for the start-up log line (no credentials). */
export function describeFileStore(config: Pick<Config, "s3" | "dataDir">): Record<string, string> {
  if (config.s3) {
    return {
      files: "s3",
      bucket: config.s3.bucket,
      ...(config.s3.endpoint ? { endpoint: config.s3.endpoint } : {}),
      ...(config.s3.prefix ? { prefix: config.s3.prefix } : {}),
    };
  }
  return {
    files: "filesystem",
    path: config.dataDir.startsWith("memory://") ? "(temporary)" : join(config.dataDir, "files"),
  };
}
