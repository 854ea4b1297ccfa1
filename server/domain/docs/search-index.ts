import { and, eq, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { docSearchCodes, docSearchWords, docs } from "../../db/schema/index.ts";
import { getRevision } from "../core/revisions.ts";
import type { Doc } from "./entity.ts";
import { lexiconWords, searchIndexFormat } from "./search-words.ts";

/**
 * The docs search's index of one doc, written in the transaction that publishes it and
 * taken away when it is unpublished or goes to the trash: the full-text vector
 * (`docs.search`: title A, headings and description B, text C), its words in the lexicon
 * (where mistyped words and other spellings are found), and the error codes it mentions.
 */

type PublishedWords = Pick<
  Doc,
  "id" | "publishedTitle" | "publishedDescription" | "publishedText" | "publishedHeadings"
>;

/** Adds one to each word's count of docs, and takes one from each of `removed`, in word order (no deadlock). */
async function countWords(tx: Database, added: readonly string[], removed: readonly string[]): Promise<void> {
  const changes = [...added.map((word) => [word, 1] as const), ...removed.map((word) => [word, -1] as const)];
  if (changes.length === 0) return;
  await tx.execute(
    sql`insert into doc_search_lexicon (word, joined, stem, docs)
        select change ->> 0, replace(change ->> 0, '-', ''),
          case when position('-' in change ->> 0) = 0 then (ts_lexize('english_stem', change ->> 0))[1] end,
          (change ->> 1)::int
        from json_array_elements(${JSON.stringify(changes)}::json) as change
        order by change ->> 0
        on conflict (word) do update set docs = doc_search_lexicon.docs + excluded.docs`,
  );
  if (removed.length > 0) {
    await tx.execute(
      sql`delete from doc_search_lexicon
          where docs <= 0 and word in (select value from json_array_elements_text(${JSON.stringify(removed)}::json))`,
    );
  }
}

async function wordsBefore(tx: Database, docId: string): Promise<string[]> {
  const [row] = await tx
    .select({ words: docSearchWords.words })
    .from(docSearchWords)
    .where(eq(docSearchWords.docId, docId));
  return row?.words ?? [];
}

/** Indexes a published doc: its published words (on the row) and the markdown they were rendered from. */
export async function indexDocForSearch(tx: Database, doc: PublishedWords, markdown: string): Promise<void> {
  const title = doc.publishedTitle ?? "";
  const description = doc.publishedDescription ?? "";
  const text = doc.publishedText ?? "";
  const headings = doc.publishedHeadings ?? [];
  const headingText = headings.map((heading) => heading.text).join(" ");
  await tx
    .update(docs)
    .set({
      search: sql`setweight(to_tsvector('english', ${title}), 'A')
        || setweight(to_tsvector('english', ${`${headingText} ${description}`}), 'B')
        || setweight(to_tsvector('english', ${text}), 'C')`,
    })
    .where(eq(docs.id, doc.id));

  const words = lexiconWords(title, description, headingText, text);
  const before = new Set(await wordsBefore(tx, doc.id));
  const now = new Set(words);
  await countWords(
    tx,
    words.filter((word) => !before.has(word)),
    [...before].filter((word) => !now.has(word)),
  );
  await tx
    .insert(docSearchWords)
    .values({ docId: doc.id, format: searchIndexFormat, words })
    .onConflictDoUpdate({ target: docSearchWords.docId, set: { format: searchIndexFormat, words } });

  await tx.delete(docSearchCodes).where(eq(docSearchCodes.docId, doc.id));
  const { codeMentions } = await import("./search-lines.ts");
  // The title and description count too: a page titled "E-204" is about that code.
  const mentions = codeMentions(`# ${title}\n\n${description}\n\n${markdown}`, headings);
  if (mentions.length > 0)
    await tx.insert(docSearchCodes).values(mentions.map((mention) => ({ docId: doc.id, ...mention })));
}

/** Takes a doc out of the search: readers no longer find it, and its words leave the lexicon. */
export async function unindexDoc(tx: Database, docId: string): Promise<void> {
  await tx.update(docs).set({ search: null }).where(eq(docs.id, docId));
  await countWords(tx, [], await wordsBefore(tx, docId));
  await tx.delete(docSearchWords).where(eq(docSearchWords.docId, docId));
  await tx.delete(docSearchCodes).where(eq(docSearchCodes.docId, docId));
}

/**
 * Indexes the published docs the index has not seen, or saw with an older way of finding
 * words (`searchIndexFormat`): those published before it existed. Run at start; says how many.
 */
export async function indexUnindexedDocs(db: Database): Promise<number> {
  const stale = await db
    .select({ id: docs.id })
    .from(docs)
    .leftJoin(docSearchWords, eq(docSearchWords.docId, docs.id))
    .where(
      and(
        isNull(docs.deletedAt),
        isNotNull(docs.publishedRevision),
        or(isNull(docSearchWords.docId), lt(docSearchWords.format, searchIndexFormat)),
      ),
    );
  let indexed = 0;
  for (const { id } of stale) {
    await db.transaction(async (tx) => {
      const [doc] = await tx.select().from(docs).where(eq(docs.id, id)).for("update");
      if (!doc?.publishedRevision || doc.deletedAt) return;
      const revision = await getRevision<{ body: string }>(tx, {
        entity: "doc",
        recordId: doc.id,
        number: doc.publishedRevision,
      });
      await indexDocForSearch(tx, doc, revision.data.body);
      indexed += 1;
    });
  }
  return indexed;
}
