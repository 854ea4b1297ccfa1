import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { RenderRefusal } from "../../markdown/pool.ts";
import { rendererVersion } from "../../markdown/version.ts";
import { queryRows } from "../../db/client.ts";
import { renderPool } from "../core/rendering.ts";
import { upsertRender } from "./rendering.ts";

/**
 * The kept pages (`doc_renders`) that a newer renderer would make differently, made again
 * in the background: at start (after a deploy) and with the sweep. Readers are served the
 * older page until its turn comes, never a render. One page at a time, so the pool's other
 * thread stays free for the writers. Each doc's head and published revision keep a page;
 * one with none (kept before pages were) gets one too. A text the renderer now refuses
 * (too slow for today's budget) keeps its old page and is counted.
 */
export async function refreshDocRenders(
  db: Database,
  options: { limit?: number } = {},
): Promise<{ rendered: number; refused: number; left: number }> {
  const limit = options.limit ?? 500;
  const stale = await queryRows<{ doc_id: string; revision_id: string; body: string }>(
    db,
    sql`
      select d.id as doc_id, r.id as revision_id, r.data->>'body' as body
      from docs d
      join revisions r on r.entity = 'doc' and r.record_id = d.id
        and (r.number = d.head_revision or r.number = d.published_revision)
      left join doc_renders k on k.revision_id = r.id
      where d.deleted_at is null and (k.revision_id is null or k.renderer < ${rendererVersion})
      order by d.published_revision is null, d.updated_at desc
      limit ${limit + 1}`,
  );
  let rendered = 0;
  let refused = 0;
  for (const page of stale.slice(0, limit)) {
    try {
      const render = await renderPool().renderDoc(page.body);
      await upsertRender(db, page.doc_id, page.revision_id, render);
      rendered += 1;
    } catch (error) {
      if (!(error instanceof RenderRefusal)) throw error;
      refused += 1;
    }
  }
  return { rendered, refused, left: Math.max(0, stale.length - limit) };
}
