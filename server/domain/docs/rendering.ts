import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { docRenders, media } from "../../db/schema/index.ts";
import type { RenderedDoc } from "../../markdown/docs.ts";
import { showImages, slotIds, type DocImage, type ImageSlots } from "../../markdown/image-slots.ts";
import { rendererVersion } from "../../markdown/version.ts";
import type { ReadDatabase } from "../core/database.ts";
import { renderedFor, renderPool } from "../core/rendering.ts";
import { mediaUrl } from "../media/addresses.ts";

/**
 * Docs are rendered once per revision, in the render pool (ADR 037): a revision never
 * changes, so neither does its page, and its library images are placed when it is served.
 * A revision's page is kept in the database when it is written (`doc_renders`), so no
 * reader waits for a render, on any machine or after a restart; each process also keeps
 * about 16 MB of the pages it served last in memory.
 */

const budget = 16 * 1024 * 1024;
const cache = new Map<string, { render: ServedRender; bytes: number }>();
let cached = 0;

/** What serving a revision's page needs: its HTML with image markers, contents and images. */
export type ServedRender = Pick<RenderedDoc, "html" | "headings" | "images">;

function remember(revisionId: string, render: ServedRender): void {
  const bytes = render.html.length;
  if (bytes > budget / 4) return;
  cache.delete(revisionId);
  cache.set(revisionId, { render, bytes });
  cached += bytes;
  for (const [oldest, entry] of cache) {
    if (cached <= budget) break;
    cache.delete(oldest);
    cached -= entry.bytes;
  }
}

function fromMemory(revisionId: string): ServedRender | undefined {
  const hit = cache.get(revisionId);
  if (!hit) return undefined;
  // Read again: to the back of the line.
  cache.delete(revisionId);
  cache.set(revisionId, hit);
  return hit.render;
}

/** The library's images a doc names, as they are now. */
export async function imagesFor(db: ReadDatabase, ids: readonly string[]): Promise<Map<string, DocImage>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: media.id,
      folder: media.folder,
      width: media.width,
      height: media.height,
      alt: media.alt,
      variantWidths: media.variantWidths,
    })
    .from(media)
    .where(and(inArray(media.id, [...ids]), eq(media.kind, "image")));
  return new Map(
    rows.map((file) => [
      file.id,
      {
        src: mediaUrl(file, "original"),
        width: file.width,
        height: file.height,
        alt: file.alt,
        sizes: file.variantWidths.map((width) => ({
          width,
          avif: mediaUrl(file, `w${width}.avif`),
          webp: mediaUrl(file, `w${width}.webp`),
        })),
      } satisfies DocImage,
    ]),
  );
}

/** A page's HTML as it is served: its markers replaced by the library's images as they are now. */
export async function servedHtml(db: ReadDatabase, render: { html: string; images: ImageSlots }): Promise<string> {
  return showImages(render.html, render.images, await imagesFor(db, slotIds(render.images)));
}

/**
 * A doc's markdown as readers see it, rendered in the pool (off the event loop, within its
 * budget: a refusal is a message on the body). Nothing is kept.
 */
export function renderDocBody(body: string): Promise<RenderedDoc> {
  return renderedFor("body", () => renderPool().renderDoc(body));
}

/** The page kept for a revision, if the current renderer made it. */
export async function keptRender(db: ReadDatabase, revisionId: string): Promise<RenderedDoc | undefined> {
  const [kept] = await db
    .select({
      html: docRenders.html,
      headings: docRenders.headings,
      images: docRenders.imageSlots,
      text: docRenders.text,
      mediaIds: docRenders.mediaIds,
      docLinks: docRenders.docLinks,
      problems: docRenders.problems,
    })
    .from(docRenders)
    .where(and(eq(docRenders.revisionId, revisionId), eq(docRenders.renderer, rendererVersion)));
  return kept;
}

/**
 * A revision's page for a reader: from this process's memory, else as it was kept when the
 * revision was written (by an older renderer, too, until the background refresh makes it
 * again), else rendered now in the pool. Only what the current renderer made is
 * remembered here.
 */
export async function readDocRender(db: ReadDatabase, revision: { id: string; body: string }): Promise<ServedRender> {
  const remembered = fromMemory(revision.id);
  if (remembered) return remembered;
  const [kept] = await db
    .select({
      html: docRenders.html,
      headings: docRenders.headings,
      images: docRenders.imageSlots,
      renderer: docRenders.renderer,
    })
    .from(docRenders)
    .where(eq(docRenders.revisionId, revision.id));
  if (kept) {
    if (kept.renderer === rendererVersion) remember(revision.id, kept);
    return kept;
  }
  const rendered = await renderDocBody(revision.body);
  remember(revision.id, rendered);
  return rendered;
}

/**
 * Keeps a revision's page as it was rendered when written, and forgets those of the doc's
 * other revisions but the one readers see: a doc keeps two at most.
 */
export async function keepDocRender(
  tx: Database,
  doc: { id: string; publishedRevision: number | null },
  revisionId: string,
  rendered: RenderedDoc,
): Promise<void> {
  await upsertRender(tx, doc.id, revisionId, rendered);
  remember(revisionId, rendered);
  await tx.execute(sql`
    delete from doc_renders where doc_id = ${doc.id} and revision_id <> ${revisionId}
      and revision_id not in (
        select id from revisions where entity = 'doc' and record_id = ${doc.id} and number = ${doc.publishedRevision ?? -1})`);
}

/** Writes a revision's page, made by the current renderer. */
export async function upsertRender(
  db: Database,
  docId: string,
  revisionId: string,
  rendered: RenderedDoc,
): Promise<void> {
  const columns = {
    renderer: rendererVersion,
    html: rendered.html,
    headings: rendered.headings,
    imageSlots: rendered.images,
    text: rendered.text,
    mediaIds: rendered.mediaIds,
    docLinks: rendered.docLinks,
    problems: rendered.problems,
  };
  await db
    .insert(docRenders)
    .values({ revisionId, docId, ...columns })
    .onConflictDoUpdate({ target: docRenders.revisionId, set: columns });
}

/** Forgets every page this process remembers (tests, and benchmarks of a cold process). */
export function forgetDocRenders(): void {
  cache.clear();
  cached = 0;
}
