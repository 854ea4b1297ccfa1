import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { userPictures, users } from "../../db/schema/index.ts";
import type { BlobStore } from "../../storage/blob-store.ts";
import { claimFiles, deleteUnclaimedFiles, newFileKey, stageFile } from "../core/files.ts";
import { pictureMaxBytes } from "./pictures.ts";

/**
 * Carries pictures kept in the database (`user_pictures`, before ADR 021) into the file
 * store, one at a time, and deletes each row once its person points at the stored file.
 * Run at every start, after the migrations; it finds nothing to do once the table is
 * empty. Several processes may run it at once: the one that locks a row first carries it,
 * and the others delete their copy. A crash half-way leaves the row for the next start and
 * its stored copy to the sweep. Returns how many pictures it carried.
 */
export async function carryPicturesIntoStore(db: Database, files: BlobStore, now: Date): Promise<number> {
  let carried = 0;
  for (;;) {
    const [row] = await db.select().from(userPictures).limit(1);
    if (!row) return carried;
    // Stored before the transaction (one connection, on the embedded database, is one at a time).
    const stored = await stageFile({ db, files, now }, newFileKey("pictures", "webp"), row.image, {
      contentType: "image/webp",
      maxBytes: pictureMaxBytes,
    });
    const moved = await db.transaction(async (tx) => {
      const [locked] = await tx
        .select({ userId: userPictures.userId })
        .from(userPictures)
        .where(eq(userPictures.userId, row.userId))
        .for("update", { skipLocked: true });
      if (!locked) return false; // another process carried it
      // The picture's address (and its version) stays as it was: browsers that kept it keep it.
      await tx.update(users).set({ pictureFile: stored.key }).where(eq(users.id, row.userId));
      await claimFiles(tx, [stored.key]);
      await tx.delete(userPictures).where(eq(userPictures.userId, row.userId));
      return true;
    });
    if (moved) carried += 1;
    else await deleteUnclaimedFiles(db, files, [stored.key]);
  }
}
