import { and, eq, inArray, isNull, like, ne, or, sql } from "drizzle-orm";
import { slugProblem } from "../../../shared/doc-paths.ts";
import type { Database } from "../../db/client.ts";
import { docRedirects, docs, media, mediaUses } from "../../db/schema/index.ts";
import type { ReadDatabase } from "../core/database.ts";
import { ValidationError } from "../core/errors.ts";
import { likePrefix } from "../core/fields.ts";
import { RenderRefusal, renderPool } from "../../markdown/pool.ts";
import type { Doc } from "./entity.ts";
import { depthLimit } from "./fields.ts";

/**
 * Where a doc sits in the tree, and what a move leaves behind. A path is its slugs from
 * the top joined by "/"; a move rewrites the paths of the doc and every page under it
 * and leaves a redirect at each old one.
 */

const depthOf = (path: string) => path.split("/").length;

export type Place = { parent: Doc | null; path: string };

/**
 * The place a doc would take under `parentId` with `slug`, checked: a slug that follows
 * the rules, a parent that exists, no cycle, no deeper than the limit, and no other doc
 * already there. `self` is the doc being moved (none for a new one).
 */
export async function placeOf(
  tx: Database,
  wanted: { parentId: string | null; slug: string },
  self?: Doc,
): Promise<Place> {
  const parent = wanted.parentId ? ((await liveDoc(tx, wanted.parentId)) ?? null) : null;
  if (wanted.parentId && !parent) {
    throw new ValidationError({ parentId: "That parent page no longer exists: choose another one." });
  }
  const problem = slugProblem(wanted.slug, parent === null);
  if (problem) throw new ValidationError({ slug: problem });
  if (self && parent && (parent.id === self.id || parent.path.startsWith(`${self.path}/`))) {
    throw new ValidationError({
      parentId: "A page cannot sit under itself or under one of its own pages: choose another parent.",
    });
  }
  const path = parent ? `${parent.path}/${wanted.slug}` : wanted.slug;
  const below = self ? (await deepestBelow(tx, self.path)) - depthOf(self.path) : 0;
  if (depthOf(path) + below > depthLimit) {
    throw new ValidationError({
      parentId: `Docs go at most ${depthLimit} levels deep${below > 0 ? ", counting the pages under this one" : ""}: choose a parent higher up.`,
    });
  }
  // Another doc there now, or one readers still find there until its own move is published.
  const [taken] = await tx
    .select({ id: docs.id, title: docs.title, path: docs.path })
    .from(docs)
    .where(
      and(
        or(eq(docs.path, path), eq(docs.publishedPath, path)),
        isNull(docs.deletedAt),
        self ? ne(docs.id, self.id) : undefined,
      ),
    );
  if (taken) {
    throw new ValidationError({
      slug:
        taken.path === path
          ? `“${taken.title}” already lives at /docs/${path}: choose another slug or parent.`
          : `Readers still find “${taken.title}” at /docs/${path} until its move is published: choose another slug or parent.`,
    });
  }
  return { parent, path };
}

export async function liveDoc(tx: Database, id: string): Promise<Doc | undefined> {
  const [row] = await tx
    .select()
    .from(docs)
    .where(and(eq(docs.id, id), isNull(docs.deletedAt)));
  return row;
}

/** The depth of the deepest live page at or under a path. */
async function deepestBelow(tx: Database, path: string): Promise<number> {
  const [row] = await tx
    .select({ slashes: sql<number | null>`max(length(${docs.path}) - length(replace(${docs.path}, '/', '')))` })
    .from(docs)
    .where(and(like(docs.path, `${path}/%`), isNull(docs.deletedAt)));
  const slashes = row?.slashes ?? null;
  return slashes === null ? depthOf(path) : slashes + 1;
}

/** After the last of the pages beside it. */
export async function nextPosition(tx: Database, parentId: string | null): Promise<number> {
  const [row] = await tx
    .select({ last: sql<number | null>`max(${docs.position})` })
    .from(docs)
    .where(and(parentId ? eq(docs.parentId, parentId) : isNull(docs.parentId), isNull(docs.deletedAt)));
  const last = row?.last ?? null;
  return last === null ? 0 : last + 1;
}

/**
 * After a doc's own row moved from `from` to `to` (where editors see it), the pages under
 * it move along. Readers see nothing of it until it is published (`publishMove`).
 */
export async function finishMove(tx: Database, from: string, to: string, at: Date): Promise<void> {
  await tx
    .update(docs)
    .set({
      path: sql`${to} || substr(${docs.path}, ${from.length + 1})`,
      version: sql`${docs.version} + 1`,
      updatedAt: at,
    })
    .where(and(like(docs.path, `${from}/%`), isNull(docs.deletedAt)));
  await clearLinkWarnings(tx, to);
}

/**
 * A published doc is now read at `to` instead of `from`: a redirect at its old address and
 * at each of its published pages' (to the doc, not the path, so a later move needs no
 * chain), and those pages' published addresses follow it.
 */
export async function publishMove(tx: Database, from: string, to: string, at: Date): Promise<void> {
  await tx.execute(sql`
    insert into doc_redirects (from_path, doc_id, created_at)
    select published_path, id, ${at.toISOString()}::timestamptz from docs
    where deleted_at is null and (published_path = ${from} or published_path like ${`${likePrefix(from)}/%`})
    on conflict (from_path) do update set doc_id = excluded.doc_id, created_at = excluded.created_at`);
  await tx
    .update(docs)
    .set({ publishedPath: sql`${to} || substr(${docs.publishedPath}, ${from.length + 1})` })
    .where(and(like(docs.publishedPath, `${likePrefix(from)}/%`), isNull(docs.deletedAt)));
}

/**
 * Readers find a doc (and the pages under it) at a path now: redirects from there go (the
 * doc wins), and links to it warn no more.
 */
export async function freePublishedPaths(tx: Database, path: string): Promise<void> {
  await tx.execute(sql`
    delete from doc_redirects where from_path in (
      select published_path from docs where deleted_at is null
        and (published_path = ${path} or published_path like ${`${likePrefix(path)}/%`}))`);
  await clearLinkWarnings(tx, path);
}

/**
 * A live doc now holds a path (and the paths under it): other docs' warnings about links to
 * those addresses go, since they work now. Without this, a page linking to one written
 * after it kept its warning for good.
 */
export async function clearLinkWarnings(tx: Database, path: string): Promise<void> {
  await tx.execute(sql`
    with live as (
      select '/docs/' || path as href from docs
      where deleted_at is null and (path = ${path} or path like ${`${likePrefix(path)}/%`}))
    update docs set broken_links = array(
      select link from unnest(broken_links) as link where link not in (select href from live))
    where broken_links && array(select href from live)`);
}

/** The paths a doc answers at: where editors and readers find it, and those it moved from (each a redirect to it). */
async function addressesOf(tx: Database, doc: Doc): Promise<string[]> {
  const moves = await tx
    .select({ path: docRedirects.fromPath })
    .from(docRedirects)
    .where(eq(docRedirects.docId, doc.id));
  return [...new Set([doc.path, ...(doc.publishedPath ? [doc.publishedPath] : []), ...moves.map((move) => move.path)])];
}

/** A doc is back from the trash: warnings about links to it, at any of its addresses, go. */
export async function unwarnLinksTo(tx: Database, doc: Doc): Promise<void> {
  const hrefs = (await addressesOf(tx, doc)).map((path) => sql`${`/docs/${path}`}`);
  const list = sql`array[${sql.join(hrefs, sql`, `)}]::text[]`;
  await tx.execute(sql`
    update docs set broken_links = array(select link from unnest(broken_links) as link where link <> all(${list}))
    where broken_links && ${list}`);
}

/**
 * A doc went to the trash (nothing sits under it then): the docs whose latest text links
 * to it, at its path or at one it moved from, get the warning they would get if saved
 * now. Only texts holding one of those addresses are read, and each is parsed, to be sure
 * the address is a link and not words.
 */
export async function warnLinksTo(tx: Database, doc: Doc): Promise<void> {
  const paths = await addressesOf(tx, doc);
  const mentions = or(...paths.map((path) => sql`strpos(${docs.body}, ${`/docs/${path}`}) > 0`));
  const candidates = await tx
    .select({ id: docs.id, body: docs.body, brokenLinks: docs.brokenLinks })
    .from(docs)
    .where(and(isNull(docs.deletedAt), mentions));
  if (candidates.length === 0) return;
  for (const candidate of candidates) {
    // A text that can no longer be laid out (written before the budget, say) warns of nothing new.
    const docLinks = await renderPool()
      .renderDoc(candidate.body)
      .then((rendered) => rendered.docLinks)
      .catch((error: unknown): string[] => {
        if (error instanceof RenderRefusal) return [];
        throw error;
      });
    const broken = paths
      .filter((path) => docLinks.includes(path))
      .map((path) => `/docs/${path}`)
      .filter((href) => !candidate.brokenLinks.includes(href));
    if (broken.length === 0) continue;
    await tx
      .update(docs)
      .set({ brokenLinks: [...candidate.brokenLinks, ...broken] })
      .where(eq(docs.id, candidate.id));
  }
}

/** Links to docs that are not there (nor redirected to a doc that is), as `/docs/…` addresses. */
export async function brokenLinks(tx: ReadDatabase, linked: readonly string[]): Promise<string[]> {
  const paths = [...new Set(linked)].filter((path) => path !== "");
  if (paths.length === 0) return [];
  const found = await tx
    .select({ path: docs.path, publishedPath: docs.publishedPath })
    .from(docs)
    .where(and(or(inArray(docs.path, paths), inArray(docs.publishedPath, paths)), isNull(docs.deletedAt)));
  const moved = await tx
    .select({ path: docRedirects.fromPath })
    .from(docRedirects)
    .innerJoin(docs, eq(docs.id, docRedirects.docId))
    .where(and(inArray(docRedirects.fromPath, paths), isNull(docs.deletedAt)));
  const known = new Set([
    ...found.flatMap((row) => [row.path, row.publishedPath ?? ""]),
    ...moved.map((row) => row.path),
  ]);
  return paths.filter((path) => !known.has(path)).map((path) => `/docs/${path}`);
}

/** The doc's uses of library files in one role ("embedded": its latest text; "published": what readers see). */
export async function setDocUses(
  tx: Database,
  docId: string,
  role: "embedded" | "published",
  mediaIds: readonly string[],
): Promise<void> {
  await tx
    .delete(mediaUses)
    .where(and(eq(mediaUses.ownerType, "doc"), eq(mediaUses.ownerId, docId), eq(mediaUses.role, role)));
  if (mediaIds.length > 0) {
    await tx.insert(mediaUses).values(mediaIds.map((mediaId) => ({ mediaId, ownerType: "doc", ownerId: docId, role })));
  }
}

/** Every file the text names must be in the library; the message says what to do. */
export async function checkMediaExists(tx: Database, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  const found = await tx
    .select({ id: media.id })
    .from(media)
    .where(inArray(media.id, [...ids]));
  if (found.length < new Set(ids).size) {
    throw new ValidationError({
      body: "The text names a file that is no longer in the media library: remove it, or insert it again.",
    });
  }
}
