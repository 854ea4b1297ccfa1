import { sql } from "drizzle-orm";
import { bigint, index, integer, pgEnum, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt, updatedAt, version } from "./columns.ts";
import { users } from "./users.ts";

/** What a file is, judged by its bytes (server/domain/uploads/kinds.ts). */
export const mediaKindEnum = pgEnum("media_kind", ["image", "document", "archive"]);

/**
 * The media library: one uploaded file and what people wrote about it. The file itself is
 * in the file store (ADR 021), in a folder of its own (`media/<uuid>`) that a replacement
 * swaps for a new one, so the file's addresses change with it and browsers may keep each
 * for good; the row's id stays.
 */
export const media = pgTable(
  "media",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: mediaKindEnum("kind").notNull(),
    /** The name it is listed and downloaded under: the uploaded file's name unless someone renamed it. */
    name: text("name").notNull(),
    /** The file's name as it arrived: metadata only, never part of where it is stored. */
    originalName: text("original_name").notNull(),
    /** The file's folder in the store: `media/<uuid>`, holding `original.<ext>`, `thumb.webp`, `w640.avif`… */
    folder: text("folder").notNull(),
    extension: text("extension").notNull(),
    /** Detected from the bytes, and what the file is served as. */
    contentType: text("content_type").notNull(),
    size: bigint("size", { mode: "number" }).notNull(),
    sha256: text("sha256").notNull(),
    /** Images: their pixels, and the responsive widths made for them (narrowest first). */
    width: integer("width"),
    height: integer("height"),
    variantWidths: integer("variant_widths")
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** What an image shows, for people who cannot see it; required before an image is used. */
    alt: text("alt"),
    caption: text("caption"),
    uploadedById: uuid("uploaded_by_id").references(() => users.id, { onDelete: "set null" }),
    /** When the current file was uploaded (a replacement moves it; editing the words does not). */
    fileUploadedAt: timestamp("file_uploaded_at", { withTimezone: true }).notNull().defaultNow(),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("media_created").on(table.createdAt, table.id),
    index("media_sort_name").on(sql`lower(${table.name})`, table.id),
    index("media_sort_size").on(table.size, table.id),
    index("media_kind").on(table.kind, table.createdAt, table.id),
    index("media_uploader").on(table.uploadedById),
    index("media_search").using(
      "gin",
      sql`lower(${table.name} || ' ' || coalesce(${table.alt}, '') || ' ' || coalesce(${table.caption}, '')) gin_trgm_ops`,
    ),
  ],
);

/**
 * Where a media file is used: by a release (as a download, or an image in its notes), and
 * later by a doc. The entity that uses a file writes these rows with its own changes, so
 * "where it is used" and "may it be deleted" are one query, and a reader may see a file
 * when they may see something that uses it.
 */
export const mediaUses = pgTable(
  "media_uses",
  {
    mediaId: uuid("media_id")
      .notNull()
      .references(() => media.id, { onDelete: "cascade" }),
    /** The entity that uses it ("release") and the row. */
    ownerType: text("owner_type").notNull(),
    ownerId: uuid("owner_id").notNull(),
    /** How it is used: "asset" (a download) or "embedded" (shown in text). */
    role: text("role").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.mediaId, table.ownerType, table.ownerId, table.role] }),
    index("media_uses_owner").on(table.ownerType, table.ownerId),
  ],
);
