import { sql } from "drizzle-orm";
import { searchSynonyms } from "../../db/schema/index.ts";
import type { ReadDatabase } from "../core/database.ts";
import type { LexiconAnswers, LexiconQuestions, NearWord } from "./search-query.ts";

/** How many of the lexicon's nearest words a mistyped word is compared with (by edits, in search-query.ts). */
const nearest = 8;

const list = (values: readonly string[]) =>
  sql`(select value from json_array_elements_text(${JSON.stringify(values)}::json))`;

/**
 * Asks the lexicon of the published docs' words, in one statement: which typed words it
 * knows (as written, as the start of a word, or by their English stem), the nearest words
 * to those it does not (pg_trgm's similarity, through its trigram index), the words written
 * with hyphens that a joined form stands for, and which halves of a word are words.
 */
export async function askLexicon(db: ReadDatabase, questions: LexiconQuestions): Promise<LexiconAnswers> {
  const answers = {
    known: new Set<string>(),
    near: new Map<string, NearWord[]>(),
    joined: new Map<string, string[]>(),
    words: new Set<string>(),
  };
  if (questions.check.length + questions.joins.length + questions.halves.length === 0) return answers;
  const rows = await db.select({
    kind: sql<"known" | "near" | "joined" | "word">`kind`,
    asked: sql<string>`asked`,
    word: sql<string>`word`,
    docs: sql<number>`docs`,
  })
    .from(sql`(with asked as (select value as asked from json_array_elements_text(${JSON.stringify(questions.check)}::json)),
      known as (
        select asked from asked
        where exists (
          select 1 from doc_search_lexicon
          where word like asked || '%' or stem = (ts_lexize('english_stem', asked))[1]
        )
      )
      select 'known' as kind, asked, asked as word, 0 as docs from known
      union all
      select 'near', asked.asked, near.word, near.docs from asked
        cross join lateral (
          select word, docs from doc_search_lexicon
          where word % asked.asked and position('-' in word) = 0
          order by similarity(word, asked.asked) desc, docs desc, word
          limit ${nearest}
        ) near
        where asked.asked not in (select asked from known)
      union all
      select 'joined', joined, word, docs from doc_search_lexicon where joined in ${list(questions.joins)}
      union all
      select 'word', word, word, docs from doc_search_lexicon where word in ${list(questions.halves)}) as answers`);
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
