import { Readable } from "node:stream";
import { fileTypeFromBuffer } from "file-type";
import { type BlobTooLargeError } from "../../storage/blob-store.ts";
import { ValidationError } from "../core/errors.ts";
import { acceptedList, formatLimit, kindOfType, uploadKinds, withArticle, type UploadKind } from "./kinds.ts";

/** How much of a file's start is read to tell its type: file-type's own sample size. */
const headBytes = 4100;

/**
 * Markup a browser's sniffer looks for in a file's first 1,024 bytes. A PDF or archive
 * that starts with any of it is a polyglot: refused, though it is also served as an
 * attachment with `nosniff`.
 */
const markup = /<(?:!doctype\s+html|html|head|body|script|iframe|svg|object|embed)[\s>/]/i;

export type Inspected = {
  kind: UploadKind;
  /** The type detected from the bytes: what the file is kept and served as. */
  contentType: string;
  extension: string;
  /** The whole file again, from its first byte: the start that was read, then the rest as it arrives. */
  body: Readable;
};

/**
 * Reads the start of an upload, tells its type by content and checks it against the kinds
 * this upload may be (`accept`), then gives the whole file back as one stream, read no
 * further than needed: a large archive keeps streaming, never held whole. Refusals are
 * field messages on `field`.
 */
export async function inspectUpload(
  input: Readable | Uint8Array,
  options: { accept: readonly UploadKind[]; field: string },
): Promise<Inspected> {
  const source = input instanceof Uint8Array ? Readable.from([Buffer.from(input)]) : input;
  const iterator: AsyncIterator<unknown> = source[Symbol.asyncIterator]();
  const chunks: Buffer[] = [];
  let read = 0;
  let ended = false;
  while (read < headBytes) {
    const next = await iterator.next();
    if (next.done) {
      ended = true;
      break;
    }
    const chunk = toBuffer(next.value);
    chunks.push(chunk);
    read += chunk.byteLength;
  }
  const head = Buffer.concat(chunks);
  let judged: Judged;
  try {
    judged = await judgeHead(head, options);
  } catch (error) {
    source.destroy();
    throw error;
  }

  async function* whole(): AsyncGenerator<Buffer> {
    yield head;
    if (ended) return;
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      yield toBuffer(next.value);
    }
  }
  const body = Readable.from(whole(), { objectMode: false });
  // The consumer giving up (a limit, a store that failed) stops reading the upload too.
  body.once("close", () => {
    if (!source.readableEnded) source.destroy();
  });
  return { ...judged, body };
}

type Judged = Omit<Inspected, "body">;

/** The same judgement for a file already in memory (a profile picture): its kind, type and extension. */
export async function inspectBytes(
  bytes: Uint8Array,
  options: { accept: readonly UploadKind[]; field: string },
): Promise<Judged> {
  return judgeHead(Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, headBytes)), options);
}

async function judgeHead(head: Buffer, options: { accept: readonly UploadKind[]; field: string }): Promise<Judged> {
  const refuse = (message: string): never => {
    throw new ValidationError({ [options.field]: message });
  };
  if (head.byteLength === 0) refuse("That file is empty: choose another one.");
  const detected = await fileTypeFromBuffer(head);
  const accepted = detected ? kindOfType(detected.mime) : undefined;
  if (!detected || !accepted || !options.accept.includes(accepted.kind)) {
    const what = looksLikeMarkup(head)
      ? "That file is a web page or an SVG drawing, whatever its name says"
      : detected
        ? `That file is ${describe(detected.mime, detected.ext)}, whatever its name says`
        : "That file's type could not be told from its content";
    return refuse(`${what}: choose ${acceptedList(options.accept)}.`);
  }
  if (accepted.kind !== "image" && looksLikeMarkup(head)) {
    refuse("That file starts like a PDF or an archive but holds web page markup: it is refused as unsafe.");
  }
  return { kind: accepted.kind, contentType: detected.mime, extension: accepted.extension };
}

/** The message for a file past its kind's limit. */
export function tooLargeMessage(kind: UploadKind, error: BlobTooLargeError): string {
  return `That file is larger than ${formatLimit(error.maxBytes)}, the limit for ${withArticle(uploadKinds[kind].label)}: choose a smaller one.`;
}

function looksLikeMarkup(head: Buffer): boolean {
  return markup.test(head.subarray(0, 1024).toString("latin1"));
}

function toBuffer(value: unknown): Buffer {
  if (Buffer.isBuffer(value)) return value;
  if (value instanceof Uint8Array) return Buffer.from(value.buffer, value.byteOffset, value.byteLength);
  if (typeof value === "string") return Buffer.from(value);
  throw new TypeError("An upload's stream gave something other than bytes");
}

/** A detected type that is not accepted, in words. */
function describe(mime: string, extension: string): string {
  if (mime === "application/x-msdownload" || mime === "application/x-elf" || mime === "application/x-mach-binary") {
    return "a program";
  }
  if (mime === "image/heic" || mime === "image/heif") return "a HEIC photo (export it as JPEG first)";
  if (mime === "application/pdf") return "a PDF";
  if (mime.startsWith("video/")) return "a video";
  if (mime.startsWith("audio/")) return "a sound file";
  const name = extension.toUpperCase();
  return mime.startsWith("image/") ? `a ${name} image` : `a ${name} file`;
}
