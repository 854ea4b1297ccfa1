import { and, count, eq, ilike, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import { media, mediaUses, users } from "../../db/schema/index.ts";
import type { ReadDatabase } from "../core/database.ts";
import { NotFoundError, UnauthenticatedError } from "../core/errors.ts";
import { id, likePattern, oneLine, searchText, sortDirection } from "../core/fields.ts";
import { listInput, type Connection, type SortKey } from "../core/pagination.ts";
import { responsiveFormats, responsiveWidths } from "../uploads/images.ts";
import { mediaEntity, publishedUse, type Media } from "./entity.ts";
import { hasRole } from "../core/access.ts";
import { mediaKind } from "./fields.ts";
import { keyOf, type MediaVariant } from "./files.ts";

export const mediaSort = z
  .enum(["created", "name", "size"], { error: "Choose a sort order from the list." })
  .meta({ id: "MediaSort" });
export type MediaSort = z.output<typeof mediaSort>;

const sortKeys: Record<MediaSort, Omit<SortKey, "direction"> & { natural: "asc" | "desc" }> = {
  created: { key: media.createdAt, type: "timestamptz", id: media.id, natural: "desc" },
  name: { key: sql`lower(${media.name})`, type: "text", id: media.id, natural: "asc" },
  size: { key: media.size, type: "bigint", id: media.id, natural: "desc" },
};

export const listMedia = mediaEntity.read({
  operation: "browse",
  doing: "see the media library",
  input: listInput({
    search: searchText.describe("Part of a name, alt text or caption."),
    kind: mediaKind.optional(),
    uploadedById: id.optional().describe("Files this person uploaded."),
    sort: mediaSort.default("created"),
    direction: sortDirection.optional().describe("Newest, largest and A to Z first unless this says otherwise."),
  }),
  run: async (scope, input): Promise<Connection<Media>> => {
    const { natural, ...order } = sortKeys[input.sort];
    return scope.page(
      { ...order, direction: input.direction ?? natural },
      input,
      input.search
        ? ilike(
            sql`lower(${media.name} || ' ' || coalesce(${media.alt}, '') || ' ' || coalesce(${media.caption}, ''))`,
            likePattern(input.search),
          )
        : undefined,
      input.kind ? eq(media.kind, input.kind) : undefined,
      input.uploadedById ? eq(media.uploadedById, input.uploadedById) : undefined,
    );
  },
});

/**
 * One file as this reader may see it. A visitor who is not signed in reaches only the
 * images public releases show; for any other file they are asked to sign in, the answer
 * a file that does not exist gets too.
 */
async function findFile(
  scope: { actor: unknown; find: (id: string) => Promise<Media> },
  fileId: string,
  doing: string,
) {
  try {
    return await scope.find(fileId);
  } catch (error) {
    if (scope.actor === null && error instanceof NotFoundError) throw new UnauthenticatedError(`Sign in to ${doing}.`);
    throw error;
  }
}

export const getMedia = mediaEntity.publicRead({
  operation: "read",
  doing: "see this file",
  input: z.object({ id }),
  run: (scope, input): Promise<Media> => findFile(scope, input.id, "see this file"),
});

/** Who uploaded a file, as the file names them: part of the file, whoever may read it may see it. */
export type Uploader = { id: string; name: string };

/** The uploaders of these files (files out of reach, or whose uploader is gone, are left out). */
export const getMediaUploaders = mediaEntity.read({
  operation: "read",
  doing: "see who uploaded these files",
  input: z.object({ ids: z.array(id).max(500) }),
  run: async (scope, input): Promise<Map<string, Uploader>> => {
    if (input.ids.length === 0) return new Map();
    const rows = await scope
      .select(
        { mediaId: media.id, id: users.id, name: sql<string>`coalesce(${users.name}, ${users.email}, 'Someone')` },
        inArray(media.id, input.ids),
      )
      .innerJoin(users, eq(users.id, media.uploadedById));
    return new Map(rows.map((row) => [row.mediaId, { id: row.id, name: row.name }]));
  },
});

/** People who uploaded files to the library, by part of their name or address: the uploader filter's choices. */
export const listMediaUploaders = mediaEntity.read({
  operation: "browse",
  doing: "see who uploaded files",
  input: z.object({ search: searchText, first: z.number().int().min(1).max(20).default(8) }),
  run: async (scope, input): Promise<Uploader[]> => {
    const name = sql<string>`coalesce(${users.name}, ${users.email}, 'Someone')`;
    const rows = await scope
      .select(
        { id: users.id, name },
        input.search
          ? ilike(
              sql`lower(coalesce(${users.name}, '') || ' ' || coalesce(${users.email}, ''))`,
              likePattern(input.search),
            )
          : undefined,
      )
      .innerJoin(users, eq(users.id, media.uploadedById))
      .groupBy(users.id, users.name, users.email)
      .orderBy(sql`lower(${name})`)
      .limit(input.first);
    return rows;
  },
});

export type MediaUse = { mediaId: string; ownerType: string; ownerId: string; role: string };

/**
 * Where each of these files is used (by releases and docs). Editors and admins see every
 * use; anyone else only the uses by what they may read (a published release, a doc's
 * published revision), never which draft cites a file.
 */
export const listMediaUses = mediaEntity.read({
  operation: "read",
  doing: "see where files are used",
  input: z.object({ ids: z.array(id).max(500) }),
  run: async (scope, input): Promise<MediaUse[]> => {
    const reachable = (await scope.findMany(input.ids)).map((file) => file.id);
    if (reachable.length === 0) return [];
    return scope.db
      .select()
      .from(mediaUses)
      .where(
        and(
          inArray(mediaUses.mediaId, reachable),
          hasRole(scope.actor, "editor") ? undefined : publishedUse(sql`${mediaUses}`),
        ),
      );
  },
});

/** How many places use a file: what deleting it would break. */
export async function countUses(db: ReadDatabase, mediaId: string): Promise<number> {
  const [row] = await db.select({ value: count() }).from(mediaUses).where(eq(mediaUses.mediaId, mediaId));
  return row?.value ?? 0;
}

/** A stored form named in an address: "original", "thumb", or a responsive size such as "w640.avif". */
export const variantName = oneLine("the size")
  .max(20)
  .transform((value, context): MediaVariant => {
    if (value === "original" || value === "thumb") return value;
    const match = /^w(\d{3,4})\.(avif|webp)$/.exec(value);
    const width = Number(match?.[1]);
    const format = responsiveFormats.find((candidate) => candidate === match?.[2]);
    if (!format || !responsiveWidths.some((candidate) => candidate === width)) {
      context.addIssue({ code: "custom", message: "There is no such size of this file." });
      return z.NEVER;
    }
    return { width, format };
  });

export type OpenedFile = {
  file: Media;
  /** Where the stored form is in the file store. */
  key: string;
  /** Its bytes, as the store has them now. */
  size: number;
  contentType: string;
};

/**
 * Finds one stored form of a file, for whoever may read the file, and checks the store
 * holds it: the caller reads it (whole or a byte range, `answerStoredFile`). The address
 * names the file's current folder; an address of a file since replaced is "not found"
 * (the caller sends people on to the current one).
 */
export const openMediaFile = mediaEntity.publicRead({
  operation: "read",
  doing: "open this file",
  internal: "the HTTP file route serves the bytes, with ranges (server/http/media.ts)",
  input: z.object({
    id: oneLine("the file's address").max(64),
    folder: oneLine("the file's address").max(64),
    variant: variantName,
  }),
  run: async (scope, input): Promise<OpenedFile> => {
    const file = await findFile(scope, input.id, "open this file");
    if (file.folder !== `media/${input.folder}`) throw new NotFoundError("That version of the file was replaced.");
    const variant = input.variant;
    const exists =
      variant === "original" ||
      (file.kind === "image" && (variant === "thumb" || file.variantWidths.includes(variant.width)));
    if (!exists) throw new NotFoundError("There is no such size of this file.");
    const key = keyOf(file, variant);
    const head = await scope.ports.files.head(key);
    if (!head) throw new NotFoundError("The file is missing from the file store.");
    const contentType =
      variant === "original" ? file.contentType : variant === "thumb" ? "image/webp" : `image/${variant.format}`;
    return { file, key, size: head.size, contentType };
  },
});
