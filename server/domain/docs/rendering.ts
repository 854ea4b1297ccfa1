import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { docRenders, media } from "../../db/schema/index.ts";
import type { DocImage, RenderedDoc } from "../../markdown/docs.ts";
import { mediaIdsIn } from "../../markdown/media-refs.ts";
import type { ReadDatabase } from "../core/database.ts";
import { renderedFor, renderPool } from "../core/rendering.ts";
import { mediaUrl } from "../media/addresses.ts";

/**
 * Docs are rendered once per revision: a revision never changes, so its HTML does not
 * either, unless an image it shows is replaced (a new folder, so new addresses). The key
 * is therefore the revision and the addresses of its images. A revision's page is kept in
 * the database when it is written (`doc_renders`), so a reader on any machine, or after a
 * restart, need not render it, and in each process's memory, about 16 MB of HTML, the
 * least recently read going first.
 */

const budget = 16 * 1024 * 1024;
const cache = new Map<string, { rendered: RenderedDoc; bytes: number }>();
let cached = 0;

function remember(key: string, rendered: RenderedDoc): void {
  const bytes = rendered.html.length + rendered.text.length;
  if (bytes > budget / 4) return;
  cache.set(key, { rendered, bytes });
  cached += bytes;
  for (const [oldest, entry] of cache) {
    if (cached <= budget) break;
    cache.delete(oldest);
    cached -= entry.bytes;
  }
}

/** The library's images a doc names, ready for the renderer. */
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

/** The addresses of a render's images: what, beside its revision, its HTML depends on. */
const imagesKey = (images: ReadonlyMap<string, DocImage>) => [...images.values()].map((image) => image.src).join("|");

/** A render with the image addresses it was made for: its key beside its revision. */
export type KeyedRender = { rendered: RenderedDoc; images: string };

/**
 * A doc's markdown as readers see it, with the library's images it names, rendered in the
 * pool (off the event loop, within its budget: a refusal is a message on the body). Nothing
 * is cached.
 */
export async function renderDocBody(db: ReadDatabase, body: string): Promise<KeyedRender> {
  const images = await imagesFor(db, mediaIdsIn(body));
  const rendered = await renderedFor("body", () => renderPool().renderDoc(body, images));
  return { rendered, images: imagesKey(images) };
}

function fromMemory(key: string): RenderedDoc | undefined {
  const hit = cache.get(key);
  if (!hit) return undefined;
  // Read again: to the back of the line.
  cache.delete(key);
  cache.set(key, hit);
  return hit.rendered;
}

/**
 * A revision's page for a reader: from this process's memory, else as it was kept when the
 * revision was written (if its images are the same), else rendered now. Either of the last
 * two is remembered here.
 */
export async function readDocRender(
  db: ReadDatabase,
  revision: { id: string; body: string },
): Promise<Pick<RenderedDoc, "html" | "headings">> {
  const images = await imagesFor(db, mediaIdsIn(revision.body));
  const key = `${revision.id}|${imagesKey(images)}`;
  const remembered = fromMemory(key);
  if (remembered) return remembered;
  const [kept] = await db
    .select({ html: docRenders.html, headings: docRenders.headings })
    .from(docRenders)
    .where(and(eq(docRenders.revisionId, revision.id), eq(docRenders.images, imagesKey(images))));
  if (kept) {
    remember(key, { ...kept, text: "", mediaIds: [], docLinks: [] });
    return kept;
  }
  const rendered = await renderedFor("body", () => renderPool().renderDoc(revision.body, images));
  remember(key, rendered);
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
  render: KeyedRender,
): Promise<void> {
  await tx
    .insert(docRenders)
    .values({
      revisionId,
      docId: doc.id,
      images: render.images,
      html: render.rendered.html,
      headings: render.rendered.headings,
    })
    .onConflictDoUpdate({
      target: docRenders.revisionId,
      set: { images: render.images, html: render.rendered.html, headings: render.rendered.headings },
    });
  remember(`${revisionId}|${render.images}`, render.rendered);
  await tx.execute(sql`
    delete from doc_renders where doc_id = ${doc.id} and revision_id <> ${revisionId}
      and revision_id not in (
        select id from revisions where entity = 'doc' and record_id = ${doc.id} and number = ${doc.publishedRevision ?? -1})`);
}

/** Forgets every page this process remembers (tests, and benchmarks of a cold process). */
export function forgetDocRenders(): void {
  cache.clear();
  cached = 0;
}
