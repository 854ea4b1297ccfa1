import { sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { databaseKinds, useTestDatabase } from "../../../tests/support/databases.ts";
import { domainContext, systemAdmin } from "../../../tests/support/domain.ts";
import type { Database } from "../../db/client.ts";
import { activityCsvColumns, exportActivity, exportRowLimit, listActivity } from "./index.ts";

/** Activity rows written straight into the table, `count` of them, at the given instants (SQL). */
async function insertRows(db: Database, count: number, at: string, label = "Bulk"): Promise<void> {
  await db.execute(sql`
    insert into activity (at, actor_label, via, action, target_type, target_id, target_label)
    select ${sql.raw(at)}, ${label}, 'session', 'organization.update', 'organization', null, 'Row ' || n
    from generate_series(1, ${count}) as n
  `);
}

describe.each(databaseKinds)("the activity log on %s", (kind) => {
  const database = useTestDatabase(kind);

  it(`exports at most ${exportRowLimit.toLocaleString("en-US")} rows, and says when there were more`, async () => {
    const { db } = database();
    await insertRows(db, exportRowLimit + 1, "now() - (n || ' seconds')::interval");
    const asAdmin = domainContext(db, systemAdmin);
    const full = await exportActivity(asAdmin, {});
    expect(full).toMatchObject({ rows: exportRowLimit, truncated: true });
    const lines = full.csv.slice(0, -2).split("\r\n");
    expect(lines[0]).toBe(activityCsvColumns.join(","));
    expect(lines).toHaveLength(exportRowLimit + 1);
    // The newest are kept: the oldest row is the one left out.
    expect(full.csv).toContain(",Row 1,");
    expect(full.csv).not.toContain(`,Row ${exportRowLimit + 1},`);
    // Narrower filters give the rest, whole.
    const narrower = await exportActivity(asAdmin, { filter: { search: `row ${exportRowLimit + 1}` } });
    expect(narrower).toMatchObject({ rows: 1, truncated: false });
  });

  it("counts a list's rows with its filters, on every page alike, up to 1,000", async () => {
    const { db } = database();
    await insertRows(db, 7, "now() - (n || ' seconds')::interval", "Seven");
    await insertRows(db, 1005, "now() - (n || ' minutes')::interval", "Many");
    const asAdmin = domainContext(db, systemAdmin);
    const first = await listActivity(asAdmin, { filter: { search: "seven" }, first: 3 });
    expect(first.nodes).toHaveLength(3);
    expect(await first.total()).toEqual({ count: 7, more: false });
    // The next page counts the whole list, not what is left after the cursor.
    const second = await listActivity(asAdmin, {
      filter: { search: "seven" },
      first: 3,
      after: first.pageInfo.endCursor ?? "",
    });
    expect(await second.total()).toEqual({ count: 7, more: false });
    expect(await (await listActivity(asAdmin, { filter: { search: "nobody" } })).total()).toEqual({
      count: 0,
      more: false,
    });
    // Past the limit the count stops, and says there are more.
    const many = await listActivity(asAdmin, { filter: { search: "many" } });
    expect(await many.total()).toEqual({ count: 1000, more: true });
  });

  it("takes a first page that holds the whole list as its count, and counts only a full one, when asked", async () => {
    const { db } = database();
    await insertRows(db, 7, "now() - (n || ' seconds')::interval", "Seven");
    const asAdmin = domainContext(db, systemAdmin);
    const selects = vi.spyOn(db, "select");
    const read = async (page: { first?: number; last?: number }) => {
      selects.mockClear();
      const found = await listActivity(asAdmin, { filter: { search: "seven" }, ...page });
      const forPage = selects.mock.calls.length;
      const totals = [await found.total(), await found.total()];
      return { rows: found.nodes.length, totals, forPage, forTotal: selects.mock.calls.length - forPage };
    };
    const seven = { count: 7, more: false };
    // Not full: the rows are the list (one SELECT, no count).
    expect(await read({ first: 10 })).toEqual({ rows: 7, totals: [seven, seven], forPage: 1, forTotal: 0 });
    expect(await read({ first: 7 })).toEqual({ rows: 7, totals: [seven, seven], forPage: 1, forTotal: 0 });
    expect(await read({ last: 8 })).toEqual({ rows: 7, totals: [seven, seven], forPage: 1, forTotal: 0 });
    // Full, with more rows than the page: the count is asked for once the total is (its
    // subquery and itself), and only once however often the total is read.
    expect(await read({ first: 6 })).toEqual({ rows: 6, totals: [seven, seven], forPage: 1, forTotal: 2 });
    expect(await read({ last: 2 })).toEqual({ rows: 2, totals: [seven, seven], forPage: 1, forTotal: 2 });
    // Never asked, never counted.
    selects.mockClear();
    await listActivity(asAdmin, { filter: { search: "seven" }, first: 6 });
    expect(selects.mock.calls.length).toBe(1);
    selects.mockRestore();
  });

  it("pages through rows written within the same millisecond without skipping or repeating one", async () => {
    const { db } = database();
    // Five rows a microsecond apart: a cursor of milliseconds would fall between them.
    await insertRows(db, 5, "timestamptz '2026-11-20 10:00:00.123000+00' + (n || ' microseconds')::interval", "Tight");
    const asAdmin = domainContext(db, systemAdmin);
    const seen: string[] = [];
    let after: string | undefined;
    for (let page = 0; page < 10; page += 1) {
      const found = await listActivity(asAdmin, { filter: { search: "tight" }, first: 2, ...(after ? { after } : {}) });
      seen.push(...found.nodes.map((row) => row.targetLabel));
      if (!found.pageInfo.hasNextPage || !found.pageInfo.endCursor) break;
      after = found.pageInfo.endCursor;
    }
    expect(seen).toEqual(["Row 5", "Row 4", "Row 3", "Row 2", "Row 1"]);
    // And back again from the last page.
    const last = await listActivity(asAdmin, { filter: { search: "tight" }, first: 2, after: after ?? "" });
    const back = await listActivity(asAdmin, {
      filter: { search: "tight" },
      last: 2,
      before: last.pageInfo.startCursor ?? "",
    });
    expect(back.nodes.map((row) => row.targetLabel)).toEqual(["Row 3", "Row 2"]);
  });
});
