import { sql } from "drizzle-orm";
import { date, index, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, updatedAt, version } from "./columns.ts";
import { media } from "./media.ts";
import { productEnum } from "./products.ts";
import { users } from "./users.ts";

/** The product generations (the same two the organizations' products name). */
export { productEnum as releaseProductEnum } from "./products.ts";
export const releaseChannelEnum = pgEnum("release_channel", ["stable", "beta"]);

/**
 * A software release of one product, on one channel: a semver version, a date, notes in
 * markdown (kept as written, and as sanitized HTML rendered when saved), and downloads
 * from the media library (`media_uses`, role "asset"). A draft until published.
 *
 * `version_key` orders versions as semver does (5.10.0 after 5.9.1, 5.3.0-beta.2 before
 * 5.3.0) by comparing text, so "the latest stable release of v5" is an index scan, and
 * "which devices run an older release than that" (the installed base, later) is one
 * query: devices whose release's key is less than the latest's.
 */
export const releases = pgTable(
  "releases",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    product: productEnum("product").notNull(),
    channel: releaseChannelEnum("channel").notNull(),
    /** The software's semver version, as written: 5.2.1, 5.3.0-beta.2. (`version` is the row's, as everywhere.) */
    versionNumber: text("version_number").notNull(),
    /** Compared byte by byte: the migration gives it the "C" collation (no drizzle-kit syntax for it). */
    versionKey: text("version_key").notNull(),
    releasedOn: date("released_on", { mode: "string" }).notNull(),
    notes: text("notes").notNull().default(""),
    notesHtml: text("notes_html").notNull().default(""),
    /** Set while published; a draft has none. */
    publishedAt: timestamp("published_at", { withTimezone: true }),
    createdById: uuid("created_by_id").references(() => users.id, { onDelete: "set null" }),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("releases_product_channel_version").on(table.product, table.channel, table.versionNumber),
    index("releases_order").on(table.product, table.channel, table.versionKey, table.id),
    index("releases_sort_key").on(table.versionKey, table.id),
    index("releases_published")
      .on(table.product, table.channel, table.versionKey)
      .where(sql`published_at is not null`),
  ],
);

/**
 * The downloads that count: one row per person, release file and day (UTC), whatever
 * number of requests fetched it. The key is the rule itself: a second download the same
 * day, a resumed one (a range) or a download manager's parallel parts insert nothing, and
 * only the request that inserts the row writes the activity log's "downloaded" row
 * (`downloadReleaseAsset`). The release's file is the pair (release, media file): the same
 * file offered by two releases is two files, as their addresses are.
 */
export const releaseDownloads = pgTable(
  "release_downloads",
  {
    releaseId: uuid("release_id")
      .notNull()
      .references(() => releases.id, { onDelete: "cascade" }),
    mediaId: uuid("media_id")
      .notNull()
      .references(() => media.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The day of the download in UTC, as the activity log's dates are. */
    day: date("day", { mode: "string" }).notNull(),
  },
  (table) => [
    primaryKey({ name: "release_downloads_pkey", columns: [table.userId, table.releaseId, table.mediaId, table.day] }),
    index("release_downloads_release").on(table.releaseId, table.day),
    index("release_downloads_media").on(table.mediaId),
  ],
);
