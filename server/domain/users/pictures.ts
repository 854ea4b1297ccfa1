import { z } from "zod";
import type { StoredBlob } from "../../storage/blob-store.ts";
import { ValidationError } from "../core/errors.ts";
import { newFileKey } from "../core/files.ts";
import { maxImagePixels, refuseTooManyPixels, sharpOf } from "../uploads/images.ts";
import { inspectBytes } from "../uploads/inspect.ts";
import { rowVersion } from "../core/fields.ts";
import { userEntity, type User } from "./entity.ts";

/** An upload may be this large; what is kept is far smaller. */
export const pictureMaxBytes = 5 * 1024 * 1024;
/** Kept as a square WebP of this many pixels a side. */
export const pictureSide = 256;

/** Where a person's uploaded picture is served; the version makes each upload a new address. */
export function picturePath(userId: string, version: number): string {
  return `/dashboard/pictures/${userId}?v=${version}`;
}

/**
 * A picture the site serves itself (uploaded in the settings), rather than one a sign-in
 * provider's address points at. Only these are shown: the page's policy loads no image
 * from another site, so no provider learns who reads the portal.
 */
export function isUploadedPicture(picture: string | null): boolean {
  return picture?.startsWith("/dashboard/pictures/") ?? false;
}

/** An uploaded file: the API reads it into bytes before the operation sees it. */
export const upload = z
  .instanceof(Uint8Array, { error: "Choose a picture to upload." })
  .meta({ id: "File", description: "A file sent as a part of a multipart request." })
  .refine((bytes) => bytes.byteLength > 0, "Choose a picture to upload.")
  .refine((bytes) => bytes.byteLength <= pictureMaxBytes, "That picture is larger than 5 MB: choose a smaller one.");

/**
 * The upload, judged by content like every upload (`uploads/inspect.ts`), and made into
 * the kept picture: square, small, upright, without its metadata.
 */
async function keptPicture(bytes: Uint8Array): Promise<Uint8Array> {
  await inspectBytes(bytes, { accept: ["image"], field: "picture" });
  const sharp = await sharpOf();
  const open = () => sharp(bytes, { limitInputPixels: maxImagePixels, animated: false });
  try {
    // The header alone (metadata decodes no pixels): judged first, so the refusal says why.
    refuseTooManyPixels(await sharp(bytes, { limitInputPixels: false }).metadata(), "picture");
    // rotate() turns the picture upright by its EXIF orientation; the WebP keeps no metadata.
    return new Uint8Array(
      await open()
        .rotate()
        .resize(pictureSide, pictureSide, { fit: "cover", position: "attention" })
        .webp({ quality: 82 })
        .toBuffer(),
    );
  } catch (error) {
    if (error instanceof ValidationError) throw error;
    throw new ValidationError({ picture: "That picture could not be read: it may be damaged. Try another one." });
  }
}

/**
 * Sets (or, with no picture, removes) a person's picture, at the version of their profile
 * they read. People change their own; an admin may change anyone's (say, to remove one
 * that does not belong in a work portal).
 */
export const updatePicture = userEntity.write({
  operation: "update",
  action: "updatePicture",
  doing: "change this picture",
  input: z.object({
    ...rowVersion,
    picture: upload
      .nullish()
      .describe("A JPEG, PNG, WebP, GIF or AVIF image up to 5 MB, kept as a 256 px square; none removes the picture."),
  }),
  // The picture is made and stored before the transaction; a write that fails deletes it again.
  stage: async (scope, input): Promise<StoredBlob | null> =>
    input.picture
      ? scope.stageFile(newFileKey("pictures", "webp"), await keptPicture(input.picture), {
          contentType: "image/webp",
          maxBytes: pictureMaxBytes,
        })
      : null,
  run: async (scope, input): Promise<User> => {
    const { row: user } = await scope.target(input);
    const kept = scope.staged;
    if (!kept && user.picture === null) {
      scope.unchanged();
      return user;
    }
    const updated = await scope.update(input, {
      picture: kept ? picturePath(user.id, input.version + 1) : null,
      pictureFile: kept?.key ?? null,
    });
    if (kept) await scope.claimFiles([kept.key]);
    if (user.pictureFile) await scope.releaseFiles([user.pictureFile]);
    await scope.audit({
      action: kept ? "updatePicture" : "removePicture",
      row: updated,
      before: { picture: user.picture },
      after: { picture: updated.picture },
    });
    return updated;
  },
});
