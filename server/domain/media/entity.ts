import { sql, type SQL } from "drizzle-orm";
import { media } from "../../db/schema/index.ts";
import { allow, hasRole, type Rule } from "../core/access.ts";
import { defineEntity, type RowVerdict } from "../core/entity.ts";

export type Media = typeof media.$inferSelect;

const allowed = (): RowVerdict => "allowed";

/**
 * A file is open to every signed-in person once something they can read uses it: a
 * published release (a download, an image in its notes) or the published revision of a
 * doc (role "published"; a draft's images stay the editors').
 */
// Written out with its table names: inside a subquery, drizzle would print the outer column unqualified.
const usedByPublished = (): SQL =>
  sql`exists (select 1 from media_uses mu where mu.media_id = "media"."id" and ${publishedUse(sql`mu`)})`;

/**
 * Whether a use (a `media_uses` row, by its alias) is one every signed-in person may see:
 * by a published release, or by the published revision of a doc (role "published"; what
 * a draft shows, or which draft cites a file, stays the editors').
 */
export function publishedUse(use: SQL): SQL {
  return sql`((${use}.owner_type = 'release' and exists (select 1 from releases r
      where r.id = ${use}.owner_id and r.published_at is not null))
    or (${use}.owner_type = 'doc' and ${use}.role = 'published' and exists (select 1 from docs d
      where d.id = ${use}.owner_id and d.published_revision is not null and d.deleted_at is null)))`;
}

/**
 * An image anyone may load, signed in or not: one the notes of a published stable release
 * show (role "embedded"), since that release's public page and feeds show the notes to
 * anyone. A release's downloads (role "asset"), what drafts, betas and docs show, and files
 * nothing uses stay behind sign-in.
 */
const shownByPublicRelease = (): SQL =>
  sql`("media"."kind" = 'image' and exists (select 1 from media_uses mu where mu.media_id = "media"."id"
    and mu.owner_type = 'release' and mu.role = 'embedded' and exists (select 1 from releases r
      where r.id = mu.owner_id and r.published_at is not null and r.channel = 'stable')))`;

/**
 * One file: editors and admins any; everyone signed in those that published releases and
 * docs use; anyone (the public release pages and feeds) the images public releases show.
 */
const readable: Rule = (actor) => {
  if (actor === null) return shownByPublicRelease();
  return hasRole(actor, "editor") ? true : usedByPublished();
};

/**
 * The media library: images, PDFs and archives that releases and docs use. Editors and
 * admins keep it; every signed-in person may open what a published release uses, and
 * anyone the images a public release's notes show.
 */
export const mediaEntity = defineEntity({
  name: "media",
  plural: "Media",
  table: media,
  label: (file) => file.name,
  notFound: "That file does not exist, or it was deleted.",
  rules: {
    read: readable,
    /** The library as a whole (its list, its filters): editors and admins. */
    browse: allow.role("editor"),
    create: allow.role("editor"),
    update: allow.role("editor"),
    replace: allow.role("editor"),
    delete: allow.role("editor"),
  },
  rowChecks: {
    update: allowed,
    replace: allowed,
    delete: allowed,
  },
  actions: {
    create: { words: "uploaded", label: "File uploaded" },
    update: { words: "edited the details of", label: "File details edited" },
    replace: { words: "replaced the file of", label: "File replaced" },
    delete: { words: "deleted the file", label: "File deleted" },
  },
});
