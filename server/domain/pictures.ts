import { eq } from "drizzle-orm";
import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";
import { z } from "zod";
import { userPictures } from "../db/schema.ts";
import { NotFoundError, ValidationError } from "./errors.ts";
import { id, versionField } from "./fields.ts";
import { defineOperation } from "./operation.ts";
import { picturePath, targetUser, updateUser, userAccess, userLabel, type User } from "./users.ts";

/** An upload may be this large; what is kept is far smaller. */
export const pictureMaxBytes = 5 * 1024 * 1024;
/** Kept as a square WebP of this many pixels a side. */
export const pictureSide = 256;

/** What an upload may be, judged by its bytes (never by its name or the type the browser claimed). */
const acceptedTypes = new Set(["image/jpeg", "image/png", "image/webp", "image/gif", "image/avif"]);

const upload = z
  .instanceof(Uint8Array, { error: "Choose a picture to upload." })
  .refine((bytes) => bytes.byteLength > 0, "Choose a picture to upload.")
  .refine((bytes) => bytes.byteLength <= pictureMaxBytes, "That picture is larger than 5 MB: choose a smaller one.");

/** The upload, checked by content and made into the kept picture: square, small, without its metadata. */
async function keptPicture(bytes: Uint8Array): Promise<Uint8Array> {
  const detected = await fileTypeFromBuffer(bytes);
  if (!detected || !acceptedTypes.has(detected.mime)) {
    throw new ValidationError({
      picture: "That file is not a picture the portal can use: choose a JPEG, PNG, WebP, GIF or AVIF image.",
    });
  }
  try {
    // rotate() turns the picture upright by its EXIF orientation; the WebP keeps no metadata.
    return new Uint8Array(
      await sharp(bytes, { limitInputPixels: 50_000_000, animated: false })
        .rotate()
        .resize(pictureSide, pictureSide, { fit: "cover", position: "attention" })
        .webp({ quality: 82 })
        .toBuffer(),
    );
  } catch {
    throw new ValidationError({ picture: "That picture could not be read: it may be damaged. Try another one." });
  }
}

/**
 * Sets (or, with no picture, removes) a person's picture, at the version of their profile
 * they read. People change their own; an admin may change anyone's (say, to remove one
 * that does not belong in a work portal).
 */
export const updatePicture = defineOperation({
  access: userAccess,
  operation: "update",
  doing: "change this picture",
  input: z.object({ id, version: versionField, picture: upload.nullable() }),
  write: true,
  run: async (scope, input): Promise<User> => {
    const user = await targetUser(scope, input.id, "You can only change your own picture.");
    const kept = input.picture ? await keptPicture(input.picture) : null;
    if (!kept && user.picture === null) {
      scope.unchanged();
      return user;
    }
    const updated = await updateUser(scope, user, input.version, {
      picture: kept ? picturePath(user.id, input.version + 1) : null,
    });
    if (kept) {
      await scope.db
        .insert(userPictures)
        .values({ userId: user.id, image: kept, updatedAt: scope.now })
        .onConflictDoUpdate({ target: userPictures.userId, set: { image: kept, updatedAt: scope.now } });
    } else {
      await scope.db.delete(userPictures).where(eq(userPictures.userId, user.id));
    }
    await scope.audit({
      action: kept ? "user.updatePicture" : "user.removePicture",
      target: { type: "user", id: user.id, label: userLabel(user) },
      before: { picture: user.picture },
      after: { picture: updated.picture },
    });
    return updated;
  },
});

/** A person's uploaded picture (WebP bytes), for whoever may see that person. */
export const getUserPicture = defineOperation({
  access: userAccess,
  operation: "read",
  doing: "see this picture",
  input: z.object({ userId: id }),
  write: false,
  run: async (scope, input): Promise<Uint8Array> => {
    await targetUser(scope, input.userId, "You can only see your own picture.");
    const [row] = await scope.db
      .select({ image: userPictures.image })
      .from(userPictures)
      .where(eq(userPictures.userId, input.userId))
      .limit(1);
    if (!row) throw new NotFoundError("That person has no picture.");
    return row.image;
  },
});
