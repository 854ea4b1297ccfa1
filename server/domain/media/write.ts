import { z } from "zod";
import { ConflictError, ValidationError } from "../core/errors.ts";
import { rowVersion } from "../core/fields.ts";
import { uploadKinds, withArticle } from "../uploads/kinds.ts";
import { nameForType } from "../uploads/names.ts";
import { mediaEntity, type Media } from "./entity.ts";
import { fileBody, fileName, mediaFields } from "./fields.ts";
import { keysOf, storeUpload, type StoredUpload } from "./files.ts";
import { countUses } from "./read.ts";

/** What the activity log keeps of a file: its words and what it is, not where it is stored. */
function recorded(file: Media): Record<string, unknown> {
  return {
    name: file.name,
    kind: file.kind,
    contentType: file.contentType,
    size: file.size,
    sha256: file.sha256,
    alt: file.alt,
    caption: file.caption,
  };
}

function fileColumns(stored: StoredUpload) {
  const { keys: _keys, ...columns } = stored;
  return columns;
}

/**
 * Adds a file to the library. The upload is judged by its bytes and stored before the
 * transaction (ADR 021, 022); the row is written only once the whole file is in the store.
 */
export const uploadMedia = mediaEntity.write({
  operation: "create",
  doing: "upload files",
  internal: "the HTTP upload route runs it on the streamed body (server/http/media.ts)",
  input: z.object({
    file: fileBody,
    name: fileName.describe("The file's name as it arrived: listed and downloaded under it."),
    alt: mediaFields.alt,
    caption: mediaFields.caption,
  }),
  stage: (scope, input) => storeUpload(scope, input.file, "file"),
  run: async (scope, input): Promise<Media> => {
    const stored = scope.staged;
    // Listed and downloaded under a name that ends as its bytes are: `x.html` holding a PDF is `x.html.pdf`.
    const name = nameForType(input.name, stored.extension);
    const created = await scope.insert({
      ...fileColumns(stored),
      name,
      originalName: name,
      alt: input.alt,
      caption: input.caption,
      uploadedById: scope.actor.via === "system" ? null : scope.actor.id,
      fileUploadedAt: scope.now,
      createdAt: scope.now,
      updatedAt: scope.now,
    });
    await scope.claimFiles(stored.keys);
    await scope.audit({ row: created, after: recorded(created) });
    return created;
  },
});

/** The words about a file: its name, alt text and caption. */
export const updateMedia = mediaEntity.write({
  operation: "update",
  doing: "edit files",
  input: z.object({ ...rowVersion, ...mediaFields }),
  run: async (scope, input): Promise<Media> => {
    const { row: file } = await scope.target(input);
    const updated = await scope.update(input, {
      name: nameForType(input.name, file.extension),
      alt: input.alt,
      caption: input.caption,
    });
    await scope.audit({ row: updated, before: recorded(file), after: recorded(updated) });
    return updated;
  },
});

/**
 * Puts a new file in place of the old one, keeping its id (and so every link and use of
 * it), its alt text and caption. It must be the same kind: an image replaces an image.
 * The old file's addresses stop answering; it is deleted from the store once this commits.
 */
export const replaceMediaFile = mediaEntity.write({
  operation: "replace",
  doing: "replace files",
  internal: "the HTTP upload route runs it on the streamed body (server/http/media.ts)",
  input: z.object({ ...rowVersion, file: fileBody, name: fileName }),
  stage: (scope, input) => storeUpload(scope, input.file, "file"),
  run: async (scope, input): Promise<Media> => {
    const { row: file } = await scope.target(input);
    const stored = scope.staged;
    if (stored.kind !== file.kind) {
      throw new ValidationError({
        file: `Replace ${withArticle(uploadKinds[file.kind].label)} with another one: this file is ${withArticle(uploadKinds[stored.kind].label)}. Upload it as a new file instead.`,
      });
    }
    const name = nameForType(input.name, stored.extension);
    const updated = await scope.update(input, {
      ...fileColumns(stored),
      // A name nobody changed follows the new file; one someone chose stays, ending as the new file's type
      // ("Front panel.png" replaced by a JPEG is "Front panel.jpg").
      name: file.name === file.originalName ? name : nameForType(file.name, stored.extension, file.extension),
      originalName: name,
      fileUploadedAt: scope.now,
    });
    await scope.claimFiles(stored.keys);
    await scope.releaseFiles(keysOf(file));
    await scope.audit({ row: updated, before: recorded(file), after: recorded(updated) });
    return updated;
  },
});

/**
 * Deletes a file from the library and the store. A file in use is refused, saying where,
 * unless `force` says to delete it anyway (its uses go with it).
 */
export const deleteMedia = mediaEntity.write({
  operation: "delete",
  doing: "delete files",
  input: z.object({
    ...rowVersion,
    force: z.boolean().default(false).describe("Delete it even though something uses it."),
  }),
  run: async (scope, input): Promise<Media> => {
    const { row: file } = await scope.target(input);
    const uses = await countUses(scope.tx, file.id);
    if (uses > 0 && !input.force) {
      throw new ConflictError(
        `${file.name} is used in ${uses === 1 ? "one place" : `${uses} places`}: see "Where it is used". Delete it anyway to remove it from ${uses === 1 ? "there" : "all of them"}.`,
      );
    }
    const deleted = await scope.remove(input);
    await scope.releaseFiles(keysOf(file));
    await scope.audit({ row: deleted, before: { ...recorded(file), uses } });
    return deleted;
  },
});
