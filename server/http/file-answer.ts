import type { Context } from "hono";
import { ValidationError } from "../domain/core/errors.ts";
import { BlobStoreError } from "../storage/blob-store.ts";
import { domainErrorResponse } from "./errors.ts";

/** RFC 6266: the name as an ASCII fallback and in UTF-8, for a file shown `inline` or downloaded as an `attachment`. */
export function contentDisposition(kind: "inline" | "attachment", name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * A refusal from a route that serves a file (the media library's, a release's download):
 * an address the domain cannot read names no file, so it is "not found" as a missing file
 * is; a store out of reach is 503 with its sentence; every other refusal is the domain's
 * own answer.
 */
export function fileErrorResponse(c: Context, error: unknown): Response {
  if (error instanceof ValidationError) return c.text("There is no such file.", 404, { "Cache-Control": "no-store" });
  // The store did not give the file (it is out of reach): said in its words, and worth trying again.
  if (error instanceof BlobStoreError) {
    return c.text(error.message, 503, { "Cache-Control": "no-store", "Retry-After": "10" });
  }
  return domainErrorResponse(c, error);
}
