/**
 * The activity list's speed at 100,000 rows: the query a page runs (through GraphQL, in
 * process, as the route loaders do), timed per filter on PGlite and on PostgreSQL, with
 * the plan PostgreSQL chose for each. Figures only: nothing here passes or fails.
 *
 *   npm run bench:list                     PGlite, and PostgreSQL at TEST_DATABASE_URL (or a private cluster)
 *   npm run bench:list -- --rows 20000     another table size
 */
import { execFileSync } from "node:child_process";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { sql } from "drizzle-orm";
import { parse } from "graphql";
import type { Logger as DrizzleLogger } from "drizzle-orm";
import { openFileStore } from "../../server/storage/open.ts";
import { openDatabase, queryRows, type Database, type DatabaseHandle } from "../../server/db/client.ts";
import * as schema from "../../server/db/schema/index.ts";
import { migrateDatabase } from "../../server/db/migrate.ts";
import { graphQLContext } from "../../server/graphql/context.ts";
import { createInProcessExecutor } from "../../server/graphql/execute.ts";
import { schema as graphqlSchema } from "../../server/graphql/schema.ts";
import { createLogger } from "../../server/log.ts";
import { benchPorts } from "./server.ts";

const args = process.argv.slice(2);
const rowsArg = Number(args[args.indexOf("--rows") + 1]);
const rowCount = args.includes("--rows") && rowsArg > 0 ? rowsArg : 100_000;
const runs = 200;

/** The list the activity page shows, as the page asks for it. */
const ActivityPage = parse(`
  query ActivityPage($filter: ActivityFilter, $first: Int, $after: String) {
    activity(filter: $filter, first: $first, after: $after) {
      nodes { id at actorLabel via action targetType targetLabel changes { field from to } address userAgent }
      pageInfo { hasNextPage endCursor }
    }
  }
`);

const actions = ["user.signIn", "organization.update", "user.changeRole", "setting.update", "token.create"];

/** Fills the trail with `rowCount` rows over the last year, in one statement. */
async function fill(db: Database): Promise<{ actorId: string }> {
  const [actor] = await db
    .insert(schema.users)
    .values({ issuer: "bench", subject: "actor", email: "actor@example.test", name: "Bench Actor", role: "admin" })
    .returning({ id: schema.users.id });
  if (!actor) throw new Error("no actor");
  await db.insert(schema.users).values(
    Array.from({ length: 50 }, (_, index) => ({
      issuer: "bench",
      subject: `person-${index}`,
      email: `person-${index}@example.test`,
      name: `Person ${index}`,
    })),
  );
  await db.execute(sql`
    insert into activity (at, actor_id, actor_label, via, action, target_type, target_id, target_label, changes, address, user_agent)
    select now() - (g * interval '315 seconds'),
      case when g % 10 = 0 then ${actor.id}::uuid else (select id from users where subject = 'person-' || (g % 50)) end,
      case when g % 10 = 0 then 'Bench Actor' else 'Person ' || (g % 50) end,
      'session',
      (array[${sql.join(
        actions.map((action) => sql`${action}`),
        sql`, `,
      )}])[1 + g % ${actions.length}],
      case when g % 3 = 0 then 'organization' else 'user' end,
      gen_random_uuid()::text,
      'Record ' || g,
      jsonb_build_object('name', jsonb_build_object('from', 'Old ' || g, 'to', 'New ' || g)),
      '192.0.2.' || (g % 250),
      'Mozilla/5.0 (Bench)'
    from generate_series(1, ${rowCount}) as g
  `);
  await db.execute(sql`analyze`);
  return { actorId: actor.id };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

/** A database with a logger that keeps the last statement, to EXPLAIN what the domain ran. */
function withLastQuery(handle: DatabaseHandle): { db: Database; last: () => { query: string; params: unknown[] } } {
  let last = { query: "", params: [] as unknown[] };
  const logger: DrizzleLogger = {
    logQuery: (query, params) => {
      last = { query, params };
    },
  };
  const db =
    handle.kind === "pglite"
      ? (drizzlePglite({ client: handle.client, schema, logger }) as unknown as Database)
      : (drizzleNodePg({ client: handle.pool, schema, logger }) as unknown as Database);
  return { db, last: () => last };
}

/** This benchmark reads lists only: files are never touched, so a temporary folder will do. */
const files = await openFileStore({ s3: undefined, dataDir: "memory://" });

async function measure(kind: string, handle: DatabaseHandle) {
  const started = performance.now();
  const { actorId } = await fill(handle.db);
  console.log(
    `\n${kind}: ${rowCount.toLocaleString("en-US")} activity rows written in ${Math.round(performance.now() - started)} ms`,
  );
  const { db, last } = withLastQuery(handle);
  const execute = createInProcessExecutor(graphqlSchema, createLogger("error"));
  const context = () =>
    graphQLContext(
      {
        db,
        ports: benchPorts(files),
        embeddedIssuer: null,
      },
      {
        actor: { id: actorId, role: "admin", organizationId: null, label: "Bench Actor", via: "session" },
        sessionId: null,
        info: { address: null, userAgent: null },
      },
    );
  const firstPage = await execute.run(ActivityPage, { first: 25 }, context());
  const cursor = (firstPage.data as { activity: { pageInfo: { endCursor: string } } }).activity.pageInfo.endCursor;
  const month = new Date(Date.now() - 200 * 86_400_000).toISOString().slice(0, 10);
  const monthEnd = new Date(Date.now() - 170 * 86_400_000).toISOString().slice(0, 10);
  const cases: { label: string; variables: Record<string, unknown> }[] = [
    { label: "newest 25", variables: { first: 25 } },
    { label: "page 2 (cursor)", variables: { first: 25, after: cursor } },
    { label: "one action", variables: { first: 25, filter: { action: "user.changeRole" } } },
    { label: "one actor", variables: { first: 25, filter: { actorId } } },
    { label: "a month, long ago", variables: { first: 25, filter: { from: month, to: monthEnd } } },
    { label: "text search", variables: { first: 25, filter: { search: "record 4242" } } },
  ];
  for (const test of cases) {
    const times: number[] = [];
    for (let run = 0; run < runs; run += 1) {
      const begun = performance.now();
      const result = await execute.run(ActivityPage, test.variables, context());
      times.push(performance.now() - begun);
      if (result.errors) throw new Error(`${test.label}: ${result.errors[0]?.message ?? "failed"}`);
    }
    times.sort((a, b) => a - b);
    const { query, params } = last();
    const plan = await queryRows<{ "QUERY PLAN": string }>(
      db,
      sql.raw(`explain ${query.replace(/\$(\d+)/g, (_, index: string) => literal(params[Number(index) - 1]))}`),
    );
    console.log(
      `  ${test.label.padEnd(20)} p50 ${percentile(times, 50).toFixed(2)} ms  p95 ${percentile(times, 95).toFixed(2)} ms  p99 ${percentile(times, 99).toFixed(2)} ms`,
    );
    for (const row of plan.slice(0, 4)) console.log(`      ${row["QUERY PLAN"]}`);
  }
}

/** A parameter written into the statement, for EXPLAIN (the bench's own values only). */
function literal(value: unknown): string {
  if (typeof value === "number") return String(value);
  if (value instanceof Date) return `'${value.toISOString()}'`;
  return `'${String(value).replace(/'/g, "''")}'`;
}

const pglite = await openDatabase({ dataDir: "memory://" });
await migrateDatabase(pglite);
await measure("PGlite", pglite);
await pglite.close();

let url = process.env.TEST_DATABASE_URL;
let stop: (() => void) | undefined;
if (!url) {
  try {
    const exports = execFileSync("bash", ["scripts/test-postgres.sh"], { encoding: "utf8" });
    url = /TEST_DATABASE_URL=(\S+)/.exec(exports)?.[1];
    const dir = /TEST_PG_DIR=(\S+)/.exec(exports)?.[1];
    if (dir) stop = () => execFileSync("bash", ["scripts/test-postgres.sh", "stop", dir]);
  } catch (error) {
    console.log(
      `\nPostgreSQL: not measured (${error instanceof Error ? error.message.split("\n")[0] : String(error)})`,
    );
  }
}
if (url) {
  const admin = await openDatabase({ url, dataDir: "" });
  if (admin.kind !== "postgres") throw new Error("expected PostgreSQL");
  const name = `bench_${Date.now()}`;
  await admin.pool.query(`create database ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const postgres = await openDatabase({ url: target.toString(), dataDir: "" });
  try {
    await migrateDatabase(postgres);
    await measure("PostgreSQL", postgres);
  } finally {
    await postgres.close();
    await admin.pool.query(`drop database if exists ${name} with (force)`);
    await admin.close();
    stop?.();
  }
}
await files.close();
