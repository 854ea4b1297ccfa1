import type SharpModule from "sharp";
import type { Sharp } from "sharp";
import { ValidationError } from "../core/errors.ts";

/**
 * The most pixels an uploaded image may have: 40 megapixels, past any camera a clinic
 * photographs its equipment with. More is refused from the file's header, before
 * decoding: a 12 KB PNG can claim 100 megapixels and cost seconds and 250 MB to decode.
 */
export const maxImagePixels = 40_000_000;
/** The library's grid and pickers show this thumbnail: at most this many pixels a side, WebP. */
const thumbnailSide = 400;
/** Responsive widths made for pages (docs, release notes), in AVIF and WebP, each only if the image is wider. */
export const responsiveWidths = [640, 1280, 1920] as const;
export const responsiveFormats = ["avif", "webp"] as const;
export type ResponsiveFormat = (typeof responsiveFormats)[number];

export type CleanImage = {
  /** The image written again in its own format, upright, without metadata (EXIF, GPS, XMP, comments). */
  bytes: Uint8Array;
  width: number;
  height: number;
  thumbnail: Uint8Array;
  /** The widths made in each responsive format, narrowest first (none for an image narrower than 640 px). */
  variants: { width: number; format: ResponsiveFormat; bytes: Uint8Array }[];
};

// sharp (libvips) is loaded on the first upload, not at start: most processes never need it.
let loading: Promise<typeof SharpModule> | undefined;
export async function sharpOf(): Promise<typeof SharpModule> {
  loading ??= import("sharp").then((module) => module.default);
  return loading;
}

/** Refuses an image whose header claims more than `maxImagePixels` (every frame of an animation counted once). */
export function refuseTooManyPixels(
  source: { width: number; height: number; pageHeight?: number },
  field: string,
): void {
  if (source.width * (source.pageHeight ?? source.height) > maxImagePixels) {
    throw new ValidationError({
      [field]: `That image has more than ${maxImagePixels / 1_000_000} megapixels: choose a smaller one, or scale it down first.`,
    });
  }
}

/**
 * Decodes an uploaded image and writes it again (ADR 022): upright by its EXIF
 * orientation, in sRGB, in the format it came in, and with no metadata, since sharp
 * keeps none unless asked. Whatever rode along behind the pixels (a script, a second
 * file) does not survive. Also makes the thumbnail and the responsive sizes. An image
 * that does not decode is refused with a field message.
 */
export async function cleanImage(input: Uint8Array, contentType: string, field: string): Promise<CleanImage> {
  const sharp = await sharpOf();
  const animated = contentType === "image/gif" || contentType === "image/webp";
  const open = () => sharp(input, { limitInputPixels: maxImagePixels, failOn: "error", animated });
  try {
    // The header alone (metadata decodes no pixels): judged here, so the refusal says why.
    refuseTooManyPixels(await sharp(input, { limitInputPixels: false, animated }).metadata(), field);
    const rewritten = await encodeAs(open().rotate(), contentType).toBuffer({ resolveWithObject: true });
    const width = rewritten.info.width;
    const height = rewritten.info.pageHeight ?? rewritten.info.height;
    // Thumbnail and sizes come from the clean image's first frame, side by side (libuv's
    // threads take one each; a JPEG is decoded at the size it is wanted at).
    const still = () => sharp(rewritten.data, { limitInputPixels: maxImagePixels, animated: false });
    const targets = responsiveWidths
      .filter((candidate) => candidate < width)
      .flatMap((target) => responsiveFormats.map((format) => ({ width: target, format })));
    const [thumbnail, ...sized] = await Promise.all([
      still()
        .resize(thumbnailSide, thumbnailSide, { fit: "inside", withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer(),
      ...targets.map(({ width: target, format }) => {
        const resized = still().resize({ width: target });
        // AVIF at effort 1: a third of the time of the default for a few percent more bytes.
        return (
          format === "avif" ? resized.avif({ quality: 55, effort: 1 }) : resized.webp({ quality: 80 })
        ).toBuffer();
      }),
    ]);
    const variants: CleanImage["variants"] = targets.map((target, index) => ({
      ...target,
      bytes: new Uint8Array(sized[index] ?? new Uint8Array()),
    }));
    return { bytes: new Uint8Array(rewritten.data), width, height, thumbnail: new Uint8Array(thumbnail), variants };
  } catch (error) {
    if (error instanceof ValidationError) throw error;
    throw new ValidationError({
      [field]: "That image could not be read: it may be damaged, or not the image its start claims. Try another one.",
    });
  }
}

function encodeAs(image: Sharp, contentType: string): Sharp {
  switch (contentType) {
    case "image/jpeg":
      // libjpeg-turbo: mozjpeg saves a tenth of the bytes at fifteen times the time (3 s for 12 megapixels).
      return image.jpeg({ quality: 90 });
    case "image/png":
      return image.png({ compressionLevel: 9 });
    case "image/webp":
      return image.webp({ quality: 90 });
    case "image/gif":
      return image.gif();
    case "image/avif":
      return image.avif({ quality: 60, effort: 3 });
    default:
      throw new Error(`Not an image type the portal writes: ${contentType}`);
  }
}
