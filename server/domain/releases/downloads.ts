import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { ReadDatabase } from "../../db/client.ts";
import { media, mediaUses, releaseDownloads } from "../../db/schema/index.ts";
import { ValidationError } from "../core/errors.ts";
import { id, oneLine } from "../core/fields.ts";
import type { Media } from "../media/entity.ts";
import { releaseEntity, type Release } from "./entity.ts";

/** Which of a release's files: the release by its id, the file by the media library's. */
const releaseFileInput = z.object({ releaseId: id, mediaId: oneLine("the file's address").max(64) });

/** Not a uuid: asks for no row rather than letting the database refuse the text. */
const noFile = "00000000-0000-0000-0000-000000000000";

/** One of the release's downloads (role "asset"), or "not found" in the mediaId field's words. */
async function offeredFile(db: ReadDatabase, release: Release, mediaId: string): Promise<Media> {
  const [row] = await db
    .select({ media })
    .from(mediaUses)
    .innerJoin(media, eq(media.id, mediaUses.mediaId))
    .where(
      and(
        eq(mediaUses.ownerType, "release"),
        eq(mediaUses.ownerId, release.id),
        eq(mediaUses.role, "asset"),
        eq(mediaUses.mediaId, /^[0-9a-f-]{36}$/.test(mediaId) ? mediaId : noFile),
      ),
    );
  if (!row) throw new ValidationError({ mediaId: "That file is not one of this release's downloads." });
  return row.media;
}

/** The UTC day of a moment, as the activity log's date filters read days. */
export function downloadDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/**
 * One of a release's files, for whoever may download it, recording nothing: what a HEAD
 * request, or a request the server answers without sending the file (a range past its
 * end), is told. A file the release does not offer is "not found".
 */
export const getReleaseAsset = releaseEntity.read({
  operation: "download",
  doing: "download release files",
  internal: "the download route looks the file up with it (server/http/releases.ts)",
  input: releaseFileInput,
  run: async (scope, input): Promise<{ release: Release; file: Media }> => {
    const release = await scope.find(input.releaseId);
    return { release, file: await offeredFile(scope.db, release, input.mediaId) };
  },
});

/**
 * Records a download of one of a release's files, for whoever may read the release
 * (drafts: editors and admins), and gives the file to serve. A download counts once per
 * person, release file and UTC day: the first request that day inserts the
 * `release_downloads` row and writes the activity row; any other that day (the same file
 * again, a resumed download, a download manager's parallel parts) finds the key taken,
 * inserts nothing and records nothing. The database's key decides, so two requests at the
 * same moment still count once. A file the release does not offer is "not found".
 */
export const downloadReleaseAsset = releaseEntity.write({
  operation: "download",
  doing: "download release files",
  internal: "the download route counts the download with it (server/http/releases.ts)",
  // `releaseId`, not `id`: a download reads the release and changes nothing of it (no version to name).
  input: releaseFileInput,
  run: async (scope, input): Promise<{ release: Release; file: Media; recorded: boolean }> => {
    const release = await scope.find(input.releaseId);
    const file = await offeredFile(scope.tx, release, input.mediaId);
    const [counted] = await scope.tx
      .insert(releaseDownloads)
      .values({ releaseId: release.id, mediaId: file.id, userId: scope.actor.id, day: downloadDay(scope.now) })
      .onConflictDoNothing()
      .returning({ day: releaseDownloads.day });
    if (!counted) {
      scope.unchanged();
      return { release, file, recorded: false };
    }
    await scope.audit({ row: release, after: { file: file.name, sha256: file.sha256 } });
    return { release, file, recorded: true };
  },
});
