import { PGlite, type QueryOptions } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { date, integer, interval, numeric, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientForDrizzle } from "./pglite-parsers.ts";

const samples = pgTable("samples", {
  id: integer("id").primaryKey(),
  at: timestamp("at", { withTimezone: true, mode: "date" }),
  local: timestamp("local", { mode: "string" }),
  day: date("day"),
  span: interval("span"),
  amount: numeric("amount"),
  note: text("note"),
});

const schema = `
  create table samples (
    id int primary key, at timestamptz, local timestamp, day date, span interval, amount numeric, note text
  );
  insert into samples values
    (1, '2026-11-24 10:15:30.123456+00', '2026-11-24 10:15:30.5', '2026-02-28', '1 day 02:03:04', 12.50, 'first'),
    (2, 'infinity', null, '2024-02-29', '-3 hours', null, null);
`;

/** Every kind of value Drizzle reads as text, by each way Drizzle runs a query. */
async function readAll(db: ReturnType<typeof drizzle>) {
  return {
    rows: await db.select().from(samples).orderBy(samples.id),
    raw: (
      await db.execute(
        sql`select at, local, day, span, array[at, at] as ats, array[day] as days, array[span] as spans, array[amount] as amounts, array[local] as locals from samples order by id`,
      )
    ).rows,
    inTransaction: await db.transaction(async (tx) => {
      const inner = await tx.select({ at: samples.at, day: samples.day }).from(samples).orderBy(samples.id);
      const nested = await tx.transaction(async (savepoint) => savepoint.select({ span: samples.span }).from(samples));
      return { inner, nested };
    }),
  };
}

describe("the PGlite client Drizzle gets", () => {
  let client: PGlite;
  const seen: (QueryOptions | undefined)[] = [];

  beforeAll(async () => {
    client = new PGlite();
    await client.waitReady;
    await client.exec(schema);
  });
  afterAll(() => client.close());

  it("reads every value as Drizzle's own parsers do, and sends no parsers with a query", async () => {
    // Drizzle over PGlite as it comes: its parsers go with each query.
    const expected = await readAll(drizzle({ client }));
    expect(expected.rows[0]?.at).toEqual(new Date("2026-11-24T10:15:30.123Z"));
    expect(expected.rows[0]?.span).toBe("1 day 02:03:04");

    const query = client.query.bind(client);
    client.query = (text, params, options) => {
      seen.push(options);
      return query(text, params, options);
    };
    const actual = await readAll(drizzle({ client: clientForDrizzle(client) }));
    expect(actual).toEqual(expected);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.filter((options) => options?.parsers !== undefined)).toEqual([]);
  });

  it("lets a query's own parsers through when they are not Drizzle's", async () => {
    const wrapped = clientForDrizzle(client);
    const result = await wrapped.query<{ n: string }>("select 41 + 1 as n", [], {
      parsers: { 23: (value: string) => `#${value}` },
    });
    expect(result.rows).toEqual([{ n: "#42" }]);
  });
});
