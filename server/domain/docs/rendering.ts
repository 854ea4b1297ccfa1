import { and, eq, inArray } from "drizzle-orm";
import { media } from "../../db/schema/index.ts";
import type { DocImage, RenderedDoc } from "../../markdown/docs.ts";
import type { ReadDatabase } from "../core/database.ts";
import { mediaUrl } from "../media/addresses.ts";

/**
 * Docs are rendered once per revision and kept in memory: a revision never changes, so
 * its HTML does not either, unless an image it shows is replaced (a new folder, so new
 * addresses). The key is therefore the revision and the folders of its images. The
 * cache holds about 16 MB of HTML, the least recently read going first.
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

/**
 * A doc's markdown as readers see it. `revision` names what is rendered (a revision's id);
 * without one (the editor's preview of unsaved text) nothing is cached.
 */
export async function renderDocBody(db: ReadDatabase, body: string, revision?: string): Promise<RenderedDoc> {
  const { mediaIdsIn, renderDoc } = await import("../../markdown/docs.ts");
  const images = await imagesFor(db, mediaIdsIn(body));
  const key = revision ? `${revision}|${[...images.values()].map((image) => image.src).join("|")}` : undefined;
  const hit = key ? cache.get(key) : undefined;
  if (hit && key) {
    // Read again: to the back of the line.
    cache.delete(key);
    cache.set(key, hit);
    return hit.rendered;
  }
  const rendered = await renderDoc(body, { images });
  if (key) remember(key, rendered);
  return rendered;
}
