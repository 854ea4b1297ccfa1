import { asc, desc, isNotNull, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { docs, type DocHeading } from "../../db/schema/index.ts";
import { docEntity } from "./entity.ts";

export type DocSearchHit = {
  id: string;
  path: string;
  title: string;
  description: string;
  /** A passage around the words found, with each match between \u0001 and \u0002. */
  snippet: string;
  /** The first heading holding a word searched for: the result opens there. */
  heading: DocHeading | null;
};

/** The words of a search as a prefix query: "calib phant" finds "calibration" and "phantom". */
function prefixQuery(text: string): string | undefined {
  const words = text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8);
  return words.length ? words.map((word) => `${word}:*`).join(" & ") : undefined;
}

/**
 * Search of the published docs for signed-in readers (never anonymous: the public search
 * does not call this), by title, headings and text, best first. PostgreSQL full-text
 * search over the published words, each ranked by where it was found.
 */
export const searchDocs = docEntity.read({
  operation: "read",
  doing: "search the docs",
  input: z.object({
    query: z.string().trim().max(100, "Search for at most 100 characters."),
    first: z.number().int().min(1).max(20).default(8),
  }),
  run: async (scope, input): Promise<DocSearchHit[]> => {
    const query = prefixQuery(input.query);
    if (!query) return [];
    const tsquery = sql`to_tsquery('english', ${query})`;
    const rows = await scope
      .select(
        {
          id: docs.id,
          path: docs.path,
          title: sql<string>`coalesce(${docs.publishedTitle}, '')`,
          description: sql<string>`coalesce(${docs.publishedDescription}, '')`,
          headings: docs.publishedHeadings,
          snippet: sql<string>`ts_headline('english', coalesce(${docs.publishedText}, ''), ${tsquery},
            'StartSel=' || chr(1) || ', StopSel=' || chr(2) || ', MaxWords=24, MinWords=10, MaxFragments=1')`,
        },
        isNull(docs.deletedAt),
        isNotNull(docs.publishedRevision),
        sql`${docs.search} @@ ${tsquery}`,
      )
      .orderBy(desc(sql`ts_rank(${docs.search}, ${tsquery})`), asc(docs.path))
      .limit(input.first);
    const words = query.split(" & ").map((word) => word.slice(0, -2));
    return rows.map(({ headings, ...row }) => ({
      ...row,
      heading: headings?.find((heading) => words.some((word) => heading.text.toLowerCase().includes(word))) ?? null,
    }));
  },
});
