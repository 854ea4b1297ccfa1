import { sql, type SQL } from "drizzle-orm";
import { searchSynonyms } from "../../db/schema/index.ts";
import type { ReadDatabase } from "../core/database.ts";
import type { LexiconAnswers, LexiconQuestions, NearWord } from "./search-query.ts";

/** How many of the lexicon's nearest words a mistyped word is compared with (by edits, in search-query.ts). */
const nearest = 8;

type Kind = "known" | "near" | "joined" | "word";

const values = (list: readonly string[]) =>
  sql.join(
    list.map((value) => sql`${value}::text`),
    sql`, `,
  );

/**
 * One word's questions: whether the lexicon knows it (as the start of a word, through the
 * trigram index, or by its English stem), and if not, its nearest words (pg_trgm's
 * similarity, through the same index). Each word is its own subquery with the word as a
 * value, so the planner uses the indexes whatever it knows of the table.
 */
function aboutWord(word: string): SQL {
  const known = sql`(exists (select 1 from doc_search_lexicon where word like ${`${word}%`})
    or exists (select 1 from doc_search_lexicon where stem = (ts_lexize('english_stem', ${word}))[1]))`;
  return sql`(select 'known' as kind, ${word}::text as asked, ${word}::text as word, 0 as docs where ${known})
    union all
    (select 'near', ${word}::text, word, docs from doc_search_lexicon
      where not ${known} and word % ${word} and position('-' in word) = 0
      order by similarity(word, ${word}) desc, docs desc, word
      limit ${nearest})`;
}

/**
 * Asks the lexicon of the published docs' words, in one statement: which typed words it
 * knows and the nearest words to those it does not (`aboutWord`), the words written with
 * hyphens that a joined form stands for, and which halves of a word are words.
 */
export async function askLexicon(db: ReadDatabase, questions: LexiconQuestions): Promise<LexiconAnswers> {
  const answers = {
    known: new Set<string>(),
    near: new Map<string, NearWord[]>(),
    joined: new Map<string, string[]>(),
    words: new Set<string>(),
  };
  const parts = [
    ...questions.check.map(aboutWord),
    questions.joins.length
      ? sql`(select 'joined' as kind, joined as asked, word, docs from doc_search_lexicon where joined in (${values(questions.joins)}))`
      : undefined,
    questions.halves.length
      ? sql`(select 'word' as kind, word as asked, word, docs from doc_search_lexicon where word in (${values(questions.halves)}))`
      : undefined,
  ].filter((part) => part !== undefined);
  if (parts.length === 0) return answers;
  const rows = await db
    .select({
      kind: sql<Kind>`kind`,
      asked: sql<string>`asked`,
      word: sql<string>`word`,
      docs: sql<number>`docs`,
    })
    .from(sql`(${sql.join(parts, sql` union all `)}) as answers`);
  for (const row of rows) {
    if (row.kind === "known") answers.known.add(row.asked);
    else if (row.kind === "word") answers.words.add(row.word);
    else if (row.kind === "near") {
      answers.near.set(row.asked, [...(answers.near.get(row.asked) ?? []), { word: row.word, docs: row.docs }]);
    } else answers.joined.set(row.asked, [...(answers.joined.get(row.asked) ?? []), row.word]);
  }
  return answers;
}

/** The editors' synonym groups, each a list of terms. */
export async function synonymGroups(db: ReadDatabase): Promise<string[][]> {
  const rows = await db.select({ terms: searchSynonyms.terms }).from(searchSynonyms);
  return rows.map((row) => row.terms);
}
