import type { ProductId } from "../../../shared/product-line.ts";
import { and, arrayContains, asc, desc, eq, isNotNull, isNull, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { docs, type DocHeading } from "../../db/schema/index.ts";
import { oneLine } from "../core/fields.ts";
import { product } from "../core/product.ts";
import { docEntity } from "./entity.ts";
import { readerProduct } from "./products.ts";
import { askLexicon, synonymGroups } from "./search-lexicon.ts";
import { planSearch, type SearchPlan } from "./search-plan.ts";
import { lexiconQuestions, synonymIndex, synonymSpans, tokenize } from "./search-query.ts";
import { markCode, type CodeTerm } from "./search-words.ts";

export type DocSearchHit = {
  id: string;
  path: string;
  title: string;
  description: string;
  /** A passage around the words found, with each match between \u0001 and \u0002; for a code, the line that lists it. */
  snippet: string;
  /** The first heading holding a word searched for (for a code, the section listing it): the result opens there. */
  heading: DocHeading | null;
  /** The search as it was run when a word in it looked mistyped ("phantm" → "phantom"), else null; the same on every hit. */
  correction: string | null;
};

const headline = (text: SQL, query: SQL) =>
  sql<string>`ts_headline('english', ${text}, ${query},
    'StartSel=' || chr(1) || ', StopSel=' || chr(2) || ', MaxWords=24, MinWords=10, MaxFragments=1')`;

/** The docs holding one of the codes: 2 where a doc lists the code, 1 where it mentions it, with that line. */
function codeHits(codes: readonly CodeTerm[]) {
  const matches = codes.map((code) => {
    if (!code.letters) return sql`c.digits = ${code.digits}`;
    const written = `${code.letters}${code.digits}`;
    return code.prefix ? sql`starts_with(c.code, ${written})` : sql`c.code = ${written}`;
  });
  return sql`(select c.doc_id,
      max(case when c.defines then 2 else 1 end) as strength,
      (array_agg(c.line order by c.defines desc, c.code))[1] as line,
      (array_agg(c.heading_id order by c.defines desc, c.code))[1] as heading_id
    from doc_search_codes c where ${or(...matches)} group by c.doc_id)`;
}

/**
 * The conditions a doc must meet to be found, as a list: a later filter (a product
 * generation, say) is one more entry.
 */
function conditions(plan: SearchPlan, match: SQL | null, rest: SQL | null, shown: ProductId): SQL[] {
  const byWords = match ? sql`${docs.search} @@ ${match}` : undefined;
  const byCode = plan.codes.length
    ? and(sql`hits.doc_id is not null`, rest ? sql`${docs.search} @@ ${rest}` : undefined)
    : undefined;
  return [
    isNull(docs.deletedAt),
    isNotNull(docs.publishedRevision),
    arrayContains(docs.publishedProducts, [shown]),
    or(byWords, byCode) ?? sql`false`,
  ];
}

/**
 * Search of the published docs for signed-in readers (never anonymous: the public search
 * does not call this), best first. Each word is matched as the start of a word (as typed),
 * with its other spellings (Wi-Fi, wifi, wi fi), its synonyms (the editors' groups) and,
 * when the docs have no such word, the nearest word they do have ("phantm" → "phantom").
 * Error codes in any form (E-204, E204, 204, "error code 204") find the docs that list
 * them, those that list a code before those that only mention it, and their line is the
 * snippet. Otherwise ranked by where the words were found (title, headings, text). Only
 * the pages for one product generation: the one asked for, else the reader's.
 */
export const searchDocs = docEntity.read({
  operation: "read",
  doing: "search the docs",
  input: z.object({
    query: oneLine("the search").trim().max(100, "Search for at most 100 characters."),
    first: z.number().int().min(1).max(20).default(8),
    product: product
      .optional()
      .describe("Only the pages for this product generation; left out, the one the docs show this reader."),
  }),
  run: async (scope, input): Promise<DocSearchHit[]> => {
    const tokens = tokenize(input.query);
    if (tokens.length === 0) return [];
    const shown = input.product ?? (await readerProduct(scope.db, scope.actor));
    const spans = synonymSpans(tokens, synonymIndex(await synonymGroups(scope.db)));
    const plan = planSearch(tokens, spans, await askLexicon(scope.db, lexiconQuestions(tokens, spans)));
    const match = plan.match ? sql`to_tsquery('english', ${plan.match})` : null;
    const rest = plan.rest ? sql`to_tsquery('english', ${plan.rest})` : null;
    const any = sql`to_tsquery('english', ${plan.any ?? ""})`;
    const ranked = match ?? any;
    const titled = sql`to_tsquery('english', ${plan.title ?? ""})`;
    const hits = plan.codes.length
      ? codeHits(plan.codes)
      : sql`(select null::uuid as doc_id, 0 as strength, null::text as line, null::text as heading_id where false)`;
    const found = scope
      .select(
        {
          id: docs.id,
          path: sql<string>`coalesce(${docs.publishedPath}, ${docs.path})`.as("path"),
          title: sql<string>`coalesce(${docs.publishedTitle}, '')`.as("title"),
          description: sql<string>`coalesce(${docs.publishedDescription}, '')`.as("description"),
          text: sql<string>`coalesce(${docs.publishedText}, '')`.as("text"),
          headings: sql<DocHeading[] | null>`${docs.publishedHeadings}`.as("headings"),
          line: sql<string | null>`hits.line`.as("line"),
          headingId: sql<string | null>`hits.heading_id`.as("heading_id"),
          strength: sql<number>`coalesce(hits.strength, 0)`.as("strength"),
          rank: sql<number>`(case when ${docs.search} @@ ${titled} then 1 else 0 end) + ts_rank(${docs.search}, ${ranked}, 1)`.as(
            "rank",
          ),
        },
        ...conditions(plan, match, rest, shown),
      )
      .leftJoin(sql`${hits} as hits`, eq(sql`hits.doc_id`, docs.id))
      .orderBy(desc(sql`strength`), desc(sql`rank`), asc(docs.publishedPath))
      .limit(input.first)
      .as("found");
    // The passages and headings of the page of hits only, not of every doc that matched.
    const rows = await scope.db
      .select({
        id: found.id,
        path: found.path,
        title: found.title,
        description: found.description,
        headings: found.headings,
        line: found.line,
        headingId: found.headingId,
        passage: headline(sql`${found.text}`, any),
        headingHit: sql<
          string | null
        >`(select h ->> 'id' from jsonb_array_elements(coalesce(${found.headings}, '[]'::jsonb)) as h
          where to_tsvector('english', h ->> 'text') @@ ${any} limit 1)`,
      })
      .from(found)
      .orderBy(desc(found.strength), desc(found.rank), asc(found.path));
    const marked = (line: string) => plan.codes.reduce(markCode, line);
    return rows.map((row) => {
      const headingId = row.line !== null ? row.headingId : row.headingHit;
      return {
        id: row.id,
        path: row.path,
        title: row.title,
        description: row.description,
        snippet: row.line !== null ? marked(row.line) : row.passage,
        heading: row.headings?.find((heading) => heading.id === headingId) ?? null,
        correction: plan.correction,
      };
    });
  },
});
