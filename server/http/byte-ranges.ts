import type { Context } from "hono";
import { combineRanges, parse } from "range-parser";
import type { BlobStore, ByteRange } from "../storage/blob-store.ts";
import type { AppEnv } from "./env.ts";
import { fileBody, type DownloadBrokenOff } from "./transfers.ts";

/**
 * Byte ranges (RFC 9110 §14) for every file the server sends from the file store: the
 * media library's and releases' downloads answer through `answerStoredFile`, so a resumed
 * download behaves the same on both. The header is parsed by `range-parser` (jshttp, the
 * parser Express's `send` uses); what to do with what it finds is decided here:
 *
 * - one range, a suffix (`bytes=-500`) or ranges that merge into one: 206 with Content-Range;
 * - nothing satisfiable (a start past the end): 416 with `Content-Range: bytes *\/size`;
 * - several separate ranges: the whole file with 200, as RFC 9110 allows ("a server MAY
 *   ignore the Range header field"). Download clients resume with one range; a
 *   multipart/byteranges answer would cost a store read per part for no client we serve;
 * - a header that is not byte ranges, is malformed (`bytes=abc`) or too long: ignored,
 *   the whole file with 200 (§14.2 lets a server ignore an invalid ranges-specifier);
 * - an If-Range that does not match the file (a strong ETag compared strongly, or the
 *   exact Last-Modified date): the whole file with 200, so a resume never splices a
 *   changed file onto an old one (§13.1.5);
 * - any method but GET (HEAD): no range, the whole file's headers (§14.2).
 */

/** What a request for a file is answered with: the whole file, one part of it, or 416. */
export type RangeChoice = { status: 200 } | { status: 206; range: ByteRange } | { status: 416 };

/** The file's validators, for If-Range and sent with the answer. */
export type Validators = { etag?: string | undefined; lastModified?: Date | undefined };

export type RangeRequest = { method: string; range?: string | undefined; ifRange?: string | undefined };

/** A Range header longer than this is ignored rather than parsed (hundreds of ranges are an attack, not a client). */
const longestRangeHeader = 1024;

const whole: RangeChoice = { status: 200 };

/** Whether an If-Range header holds for this file (RFC 9110 §13.1.5): strong ETag match, or the exact Last-Modified. */
export function ifRangeHolds(header: string, validators: Validators): boolean {
  const value = header.trim();
  if (value.startsWith('"') || value.startsWith("W/")) {
    // A strong comparison: a weak tag never matches, whatever its text.
    return validators.etag !== undefined && !value.startsWith("W/") && value === validators.etag;
  }
  const date = Date.parse(value);
  if (Number.isNaN(date) || !validators.lastModified) return false;
  // HTTP dates have whole seconds: the file's date as it was sent.
  return date === Math.floor(validators.lastModified.getTime() / 1000) * 1000;
}

/** What to answer a request for a file of `size` bytes, given its Range and If-Range headers. */
export function chooseRange(request: RangeRequest, size: number, validators: Validators): RangeChoice {
  const header = request.range;
  if (request.method !== "GET" || header === undefined || header.length > longestRangeHeader) return whole;
  if (request.ifRange !== undefined && !ifRangeHolds(request.ifRange, validators)) return whole;
  const parsed = parse(size, header);
  // Another unit must be ignored; a malformed header may be (§14.2).
  if (parsed.type !== "bytes" || (parsed.code & 1) !== 0) return whole;
  // A suffix range of an empty file: nothing to cut, the (empty) whole file.
  if (parsed.ranges.length === 0) return parsed.code === 0 ? whole : { status: 416 };
  const merged = combineRanges(parsed.ranges);
  const [only] = merged;
  if (merged.length !== 1 || !only) return whole;
  return { status: 206, range: { start: only.start, end: only.end } };
}

/** The headers that describe a choice: Accept-Ranges always, then the length and the part. */
export function rangeHeaders(choice: RangeChoice, size: number): Record<string, string> {
  const headers: Record<string, string> = { "Accept-Ranges": "bytes" };
  if (choice.status === 416) {
    headers["Content-Range"] = `bytes */${size}`;
  } else if (choice.status === 206) {
    headers["Content-Length"] = String(choice.range.end - choice.range.start + 1);
    headers["Content-Range"] = `bytes ${choice.range.start}-${choice.range.end}/${size}`;
  } else {
    headers["Content-Length"] = String(size);
  }
  return headers;
}

function validatorHeaders(validators: Validators): Record<string, string> {
  return {
    ...(validators.etag ? { ETag: validators.etag } : {}),
    ...(validators.lastModified ? { "Last-Modified": validators.lastModified.toUTCString() } : {}),
  };
}

export type StoredFile = {
  files: BlobStore;
  key: string;
  /** The whole stored file's bytes (its `head`). */
  size: number;
  validators: Validators;
  /** The answer's own headers: type, disposition, caching, nosniff… */
  headers: Record<string, string>;
  /**
   * Runs once the answer will carry the file's bytes (a GET answered 200 or 206), before
   * the store is read: never for HEAD or 416. A release's download is recorded here.
   */
  beforeSending?: () => Promise<unknown>;
  /** Told when the answer ends before the file was all sent (the metrics). */
  brokenOff?: DownloadBrokenOff;
};

/**
 * A file from the store as the answer to this request: the whole file, the range it asks
 * for, or 416; HEAD gets the same headers and no read of the store.
 */
export async function answerStoredFile(c: Context<AppEnv>, file: StoredFile): Promise<Response> {
  const choice = chooseRange(
    { method: c.req.method, range: c.req.header("range"), ifRange: c.req.header("if-range") },
    file.size,
    file.validators,
  );
  const headers = { ...file.headers, ...validatorHeaders(file.validators), ...rangeHeaders(choice, file.size) };
  if (choice.status === 416) {
    return c.text(`That range starts past the end of the file, which has ${file.size} bytes.`, 416, {
      ...rangeHeaders(choice, file.size),
      "Cache-Control": "no-store",
    });
  }
  if (c.req.method === "HEAD") return c.body(null, 200, headers);
  await file.beforeSending?.();
  const read = await file.files.get(file.key, choice.status === 206 ? choice.range : undefined);
  if (!read) return c.text("The file is missing from the file store.", 404, { "Cache-Control": "no-store" });
  return c.body(fileBody(c, read.body, file.brokenOff), choice.status, headers);
}
