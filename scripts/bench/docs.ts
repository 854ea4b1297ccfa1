/**
 * The docs' budgets (issue 16), as figures beside their budgets, each marked ✓ (within)
 * or ✗ (over). A mark is information only: nothing here fails a build, and no test times
 * anything.
 *
 * - The server's render of a 5,000-word doc with 20 code blocks, budget p95 under 50 ms:
 *   the markdown pipeline itself (as when a revision is written, previewed, or its kept
 *   page no longer fits its images), and the whole `readDoc` a reader's page runs,
 *   through the domain, for the published doc: with the page in this process's memory (as
 *   on every later read), and without (as on another machine, or after a restart: the
 *   page kept in the database when the revision was written).
 * - Docs search within one frame (16 ms) with 500 published docs: `searchDocs` through the
 *   domain, as a signed-in viewer, for single words, prefixes as they are typed, two words,
 *   a word one doc holds and words no doc holds; and, with the demo's synonyms, lookups:
 *   a code in other forms, mistyped words, hyphen and space spellings, synonyms.
 *
 * The docs are written as an editor through the domain (createDoc, then publishDoc), on
 * PGlite, and on PostgreSQL at TEST_DATABASE_URL (or a private cluster started for the run
 * when that answers not). The pages are made from a seed (scripts/bench/docs-corpus.ts):
 * every run measures the same words. Also written to bench-results/docs.json.
 *
 *   npm run bench:docs                     PGlite, then PostgreSQL
 *   npm run bench:docs -- --no-postgres    PGlite only
 *   npm run bench:docs -- --docs 200       another number of seeded docs
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { openDatabase, type Database, type DatabaseHandle } from "../../server/db/client.ts";
import { migrateDatabase } from "../../server/db/migrate.ts";
import { users } from "../../server/db/schema/index.ts";
import type { Actor } from "../../server/domain/core/access.ts";
import { demoSynonyms } from "../../server/demo/docs/synonyms.ts";
import { createDoc, publishDoc, readDoc, searchDocs } from "../../server/domain/docs/index.ts";
import { createSearchSynonym } from "../../server/domain/search-synonyms/index.ts";
import { forgetDocRenders } from "../../server/domain/docs/rendering.ts";
import { renderDoc } from "../../server/markdown/docs.ts";
import type { BlobStore } from "../../server/storage/blob-store.ts";
import { openFileStore } from "../../server/storage/open.ts";
import { longDoc, seedDocs, unitCode, wordCount } from "./docs-corpus.ts";
import { benchContext, numberOption } from "./server.ts";

const args = process.argv.slice(2);
const docCount = numberOption(args, "--docs", 500);
const withPostgres = !args.includes("--no-postgres");

const renderBudgetMs = 50;
const searchBudgetMs = 16;
const renderRuns = 50;
const readRuns = 50;
const searchRounds = 20;

type Stats = { runs: number; p50: number; p95: number; max: number };

/** Nearest-rank percentiles of a set of timings. */
function stats(times: readonly number[]): Stats {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
  return { runs: sorted.length, p50: at(50), p95: at(95), max: sorted.at(-1) ?? Number.NaN };
}

const ms = (value: number) => `${value.toFixed(value < 10 ? 2 : 1)} ms`;
const mark = (value: number, budget: number) => (value < budget ? "✓" : "✗ over budget");
const figures = (s: Stats) =>
  `p50 ${ms(s.p50).padStart(9)}  p95 ${ms(s.p95).padStart(9)}  max ${ms(s.max).padStart(9)}`;

async function timed<T>(run: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await run();
  return { ms: performance.now() - started, value };
}

async function repeat(runs: number, warmUp: number, run: () => Promise<unknown>): Promise<Stats> {
  for (let index = 0; index < warmUp; index += 1) await run();
  const times: number[] = [];
  for (let index = 0; index < runs; index += 1) times.push((await timed(run)).ms);
  return stats(times);
}

const results: Record<string, unknown> = { measuredAt: new Date().toISOString(), docCount };

const long = longDoc({ words: 5000, codeBlocks: 20, seed: 16 });
const longTitle = "Site network, export and calibration reference";

console.log("Docs (issue 16)\n");

/** (a) The markdown pipeline, with no cache (renderDoc itself: no cache in front of it). */
async function coldRender() {
  const first = await timed(() => renderDoc(long.markdown));
  const cold = await repeat(renderRuns, 3, () => renderDoc(long.markdown));
  // The same page with its code blocks left out: what colouring the code costs.
  const prose = long.markdown.replace(/^```[\s\S]*?^```\n/gm, "");
  const withoutCode = await repeat(renderRuns, 3, () => renderDoc(prose));
  const rendered = first.value;
  console.log(
    `A ${long.words.toLocaleString("en-US")}-word doc with 20 code blocks (${long.languages.join(", ")}): ${Math.round(long.markdown.length / 1024)} KB of markdown, ${Math.round(rendered.html.length / 1024)} KB of HTML, ${rendered.headings.length} headings`,
  );
  console.log(
    "  Server render, the markdown pipeline with the cache missed (as when a revision is written or previewed):",
  );
  console.log(`    the first in a process (shiki and its grammars load)   ${ms(first.ms)}`);
  console.log(
    `    ${`cold, ${cold.runs} runs`.padEnd(22)} ${figures(cold)}  (budget p95 < ${renderBudgetMs} ms) ${mark(cold.p95, renderBudgetMs)}`,
  );
  console.log(
    `    ${"the same without code".padEnd(22)} ${figures(withoutCode)}  (colouring the 20 blocks: ~${ms(cold.p50 - withoutCode.p50)} of the p50)`,
  );
  results.render = {
    words: long.words,
    codeBlocks: 20,
    languages: long.languages,
    markdownBytes: long.markdown.length,
    htmlBytes: rendered.html.length,
    firstMs: first.ms,
    cold,
    withoutCode,
    budgetMs: renderBudgetMs,
  };
}

/** Search queries as readers type them: words, prefixes, two words, a code one doc holds, and nothing found. */
const queries = [
  "phantom",
  "calibration",
  "network",
  "report",
  "operator",
  "checksum",
  "p",
  "cal",
  "upd",
  "netw",
  "cert",
  "phantom check",
  "software update",
  "export report",
  "coupling pads",
  "phantom ch",
  unitCode(123),
  "Lyon",
  "xylophone",
  "quantum entanglement",
];

/** Lookups as technicians type them (ADR 038): a code in its other forms, typos, spellings, synonyms. */
const lookups = [
  unitCode(123).replace(/^E/, "E-"),
  unitCode(123).slice(1),
  `error code ${unitCode(123).slice(1)}`,
  "phantm",
  "calbration chek",
  "wifi",
  "wi fi",
  "footplate",
  "qc",
  "wireless",
];

async function person(db: Database, role: "editor" | "viewer"): Promise<Actor> {
  const [user] = await db
    .insert(users)
    .values({
      issuer: "https://bench.test",
      subject: role,
      name: `Bench ${role}`,
      email: `${role}@bench.test`,
      role,
      status: "active",
    })
    .returning();
  if (!user) throw new Error(`no ${role}`);
  return { id: user.id, role, organizationId: null, label: `Bench ${role}`, via: "session" };
}

async function onDatabase(kind: string, handle: DatabaseHandle, files: BlobStore) {
  const db = handle.db;
  const editor = benchContext(db, await person(db, "editor"), files);
  const viewer = benchContext(db, await person(db, "viewer"), files);
  for (const terms of demoSynonyms) await createSearchSynonym(editor, { terms });
  const pages = seedDocs(docCount, 500);
  const ids: string[] = [];
  const seeding = await timed(async () => {
    for (const page of pages) {
      const parentId = page.parent === null ? null : (ids[page.parent] ?? null);
      const created = await createDoc(editor, { ...page, parentId });
      await publishDoc(editor, { id: created.id, version: created.version });
      ids.push(created.id);
    }
  });
  const words = pages.reduce((sum, page) => sum + wordCount(page.body), 0);
  console.log(
    `\n${kind}: ${docCount} docs (${Math.round(words / docCount)} words on average) written and published through the domain in ${(seeding.ms / 1000).toFixed(1)} s`,
  );

  const created = await createDoc(editor, {
    title: longTitle,
    slug: "network-export-calibration-reference",
    parentId: ids[3] ?? null,
    description: "Everything about a unit's network, export and calibration on one page.",
    body: long.markdown,
  });
  const published = await publishDoc(editor, { id: created.id, version: created.version });
  const read = () => readDoc(viewer, { path: published.path });
  const check = await read();
  if (!check.reading?.html.includes('class="code"')) throw new Error("readDoc did not give the rendered page");
  const reading = await repeat(readRuns, 5, read);
  console.log(
    `  readDoc of the 5,000-word doc, published (cache warm), as a viewer, ${reading.runs} runs:\n    ${figures(reading)}  (budget p95 < ${renderBudgetMs} ms) ${mark(reading.p95, renderBudgetMs)}`,
  );
  // As on another machine, or after a restart: nothing in this process's memory, so the
  // page kept in the database when the revision was written.
  const elsewhere = await repeat(readRuns, 5, () => {
    forgetDocRenders();
    return read();
  });
  console.log(
    `  readDoc of the same, on a process that has not read it (the page kept in the database), ${elsewhere.runs} runs:\n    ${figures(elsewhere)}  (budget p95 < ${renderBudgetMs} ms) ${mark(elsewhere.p95, renderBudgetMs)}`,
  );

  const times = new Map<string, number[]>([...queries, ...lookups].map((query) => [query, []]));
  const hits = new Map<string, number>();
  for (let round = -1; round < searchRounds; round += 1) {
    for (const query of [...queries, ...lookups]) {
      const { ms: took, value } = await timed(() => searchDocs(viewer, { query }));
      if (round < 0) hits.set(query, value.length);
      else times.get(query)?.push(took);
    }
  }
  console.log(`  searchDocs over ${docCount} published docs, as a viewer (8 hits at most), ${searchRounds} runs each:`);
  const perQuery: Record<string, Stats & { hits: number }> = {};
  for (const [query, taken] of times) {
    const each = stats(taken);
    perQuery[query] = { ...each, hits: hits.get(query) ?? 0 };
    console.log(
      `    ${`“${query}”`.padEnd(24)} ${String(hits.get(query) ?? 0).padStart(2)} hits  ${figures(each)}  ${mark(each.p95, searchBudgetMs)}`,
    );
  }
  const overall = stats(queries.flatMap((query) => times.get(query) ?? []));
  console.log(
    `    ${`all ${queries.length} queries`.padEnd(32)} ${figures(overall)}  (budget p95 < ${searchBudgetMs} ms, one frame) ${mark(overall.p95, searchBudgetMs)}`,
  );
  const looked = stats(lookups.flatMap((query) => times.get(query) ?? []));
  console.log(
    `    ${`the ${lookups.length} lookups`.padEnd(32)} ${figures(looked)}  (codes, typos, spellings, synonyms) ${mark(looked.p95, searchBudgetMs)}`,
  );
  results[kind] = {
    seedingMs: seeding.ms,
    averageWords: words / docCount,
    readDoc: reading,
    readDocFromDatabase: elsewhere,
    search: { overall, lookups: looked, perQuery },
  };
}

/** PostgreSQL: the test server if it answers, else a private cluster for this run (scripts/test-postgres.sh). */
async function postgresServer(): Promise<{ url: string; stop: () => void } | { reason: string }> {
  const given = process.env.TEST_DATABASE_URL;
  if (given) {
    try {
      const probe = await openDatabase({ url: given, dataDir: "" });
      await probe.close();
      return { url: given, stop: () => undefined };
    } catch {
      // Not running: start one of our own, below.
    }
  }
  try {
    const exports = execFileSync("bash", ["scripts/test-postgres.sh"], { encoding: "utf8" });
    const url = /TEST_DATABASE_URL=(\S+)/.exec(exports)?.[1];
    const dir = /TEST_PG_DIR=(\S+)/.exec(exports)?.[1];
    if (!url) return { reason: "scripts/test-postgres.sh gave no URL" };
    return { url, stop: () => (dir ? execFileSync("bash", ["scripts/test-postgres.sh", "stop", dir]) : undefined) };
  } catch (error) {
    return { reason: error instanceof Error ? (error.message.split("\n")[0] ?? "") : String(error) };
  }
}

await coldRender();

const files = await openFileStore({ s3: undefined, dataDir: "memory://" });
try {
  const pglite = await openDatabase({ dataDir: "memory://" });
  try {
    await migrateDatabase(pglite);
    await onDatabase("PGlite", pglite, files);
  } finally {
    await pglite.close();
  }

  if (withPostgres) {
    const server = await postgresServer();
    if ("reason" in server) {
      console.log(`\nPostgreSQL: not measured (${server.reason})`);
    } else {
      const admin = await openDatabase({ url: server.url, dataDir: "" });
      if (admin.kind !== "postgres") throw new Error("expected PostgreSQL");
      const name = `bench_docs_${Date.now()}`;
      await admin.pool.query(`create database ${name}`);
      const target = new URL(server.url);
      target.pathname = `/${name}`;
      try {
        const postgres = await openDatabase({ url: target.toString(), dataDir: "" });
        try {
          await migrateDatabase(postgres);
          await onDatabase("PostgreSQL", postgres, files);
        } finally {
          await postgres.close();
        }
      } finally {
        await admin.pool.query(`drop database if exists ${name} with (force)`);
        await admin.close();
        server.stop();
      }
    }
  }
} finally {
  await files.close();
}

mkdirSync("bench-results", { recursive: true });
writeFileSync("bench-results/docs.json", `${JSON.stringify(results, null, 2)}\n`);
console.log("\nDetails: bench-results/docs.json");
