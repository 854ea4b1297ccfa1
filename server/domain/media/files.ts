import type { Readable } from "node:stream";
import { BlobTooLargeError } from "../../storage/blob-store.ts";
import type { StageScope } from "../core/entity.ts";
import { ValidationError } from "../core/errors.ts";
import { newFileKey } from "../core/files.ts";
import { cleanImage, responsiveFormats, type ResponsiveFormat } from "../uploads/images.ts";
import { inspectUpload, tooLargeMessage } from "../uploads/inspect.ts";
import { uploadKindNames, uploadKinds, type UploadKind } from "../uploads/kinds.ts";
import type { Media } from "./entity.ts";

/** A file in the store, ready for the row that will hold it: what the row records, and every key to claim. */
export type StoredUpload = {
  kind: UploadKind;
  folder: string;
  extension: string;
  contentType: string;
  size: number;
  sha256: string;
  width: number | null;
  height: number | null;
  variantWidths: number[];
  keys: string[];
};

/** One of a file's stored forms: the file itself, an image's thumbnail, or one of its responsive sizes. */
export type MediaVariant = "original" | "thumb" | { width: number; format: ResponsiveFormat };

export function keyOf(file: Pick<Media, "folder" | "extension">, variant: MediaVariant): string {
  if (variant === "original") return `${file.folder}/original.${file.extension}`;
  if (variant === "thumb") return `${file.folder}/thumb.webp`;
  return `${file.folder}/w${variant.width}.${variant.format}`;
}

/** Every key a media row holds in the store. */
export function keysOf(file: Pick<Media, "folder" | "extension" | "kind" | "variantWidths">): string[] {
  if (file.kind !== "image") return [keyOf(file, "original")];
  return [
    keyOf(file, "original"),
    keyOf(file, "thumb"),
    ...file.variantWidths.flatMap((width) => responsiveFormats.map((format) => keyOf(file, { width, format }))),
  ];
}

/**
 * Judges an upload by its bytes and stores it in a new folder (ADR 022): an image written
 * again with its thumbnail and sizes, anything else streamed as it is, within its kind's
 * limit. Refusals are messages on `field`; nothing is kept of a refused file.
 */
export async function storeUpload(
  scope: Pick<StageScope, "stageFile">,
  body: Readable | Uint8Array,
  field: string,
): Promise<StoredUpload> {
  const inspected = await inspectUpload(body, { accept: uploadKindNames, field });
  const { kind, contentType, extension } = inspected;
  const folder = newFileKey("media");
  const maxBytes = uploadKinds[kind].maxBytes;
  try {
    if (kind !== "image") {
      const stored = await scope.stageFile(keyOf({ folder, extension }, "original"), inspected.body, {
        contentType,
        maxBytes,
      });
      return {
        kind,
        folder,
        extension,
        contentType,
        size: stored.size,
        sha256: stored.sha256,
        width: null,
        height: null,
        variantWidths: [],
        keys: [stored.key],
      };
    }
    const clean = await cleanImage(await readAll(inspected.body, maxBytes), contentType, field);
    const file = { folder, extension };
    const stored = await scope.stageFile(keyOf(file, "original"), clean.bytes, { contentType, maxBytes });
    const keys = [stored.key];
    keys.push(
      (await scope.stageFile(keyOf(file, "thumb"), clean.thumbnail, { contentType: "image/webp", maxBytes })).key,
    );
    for (const variant of clean.variants) {
      const key = keyOf(file, { width: variant.width, format: variant.format });
      keys.push((await scope.stageFile(key, variant.bytes, { contentType: `image/${variant.format}`, maxBytes })).key);
    }
    return {
      kind,
      folder,
      extension,
      contentType,
      size: stored.size,
      sha256: stored.sha256,
      width: clean.width,
      height: clean.height,
      variantWidths: [...new Set(clean.variants.map((variant) => variant.width))],
      keys,
    };
  } catch (error) {
    if (error instanceof BlobTooLargeError) throw new ValidationError({ [field]: tooLargeMessage(kind, error) });
    throw error;
  } finally {
    inspected.body.destroy();
  }
}

/** An image's bytes, read into memory up to its limit (libvips needs the whole file). */
async function readAll(body: Readable, maxBytes: number): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const bytes = chunk as Buffer;
    size += bytes.byteLength;
    if (size > maxBytes) throw new BlobTooLargeError(maxBytes);
    chunks.push(bytes);
  }
  return new Uint8Array(Buffer.concat(chunks));
}
