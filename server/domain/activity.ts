import { and, eq, gte, like, lt, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { activity } from "../db/schema.ts";
import { allow, defineAccess, type Actor } from "./access.ts";
import { id, likePattern, searchText } from "./fields.ts";
import { defineOperation } from "./operation.ts";
import { pageArgs, pageOf, pageQuery, type Connection, type SortKey } from "./pagination.ts";

export type Activity = typeof activity.$inferSelect;

const ownActivity = (actor: Actor): SQL => eq(activity.actorId, actor.id);

/** Admins read the whole trail and export it; everyone else reads what they did themselves. */
export const activityAccess = defineAccess("activity", {
  read: allow.roleOrRows("admin", ownActivity),
  export: allow.role("admin"),
});

/** Newest first; the id breaks ties between rows written in the same instant. */
const newestFirst: SortKey = { key: activity.at, type: "timestamptz", id: activity.id, direction: "desc" };

/**
 * The same order for a text search, written so the planner cannot walk the time index:
 * a search matches few rows, and finding them through the trigram index, then sorting
 * them, costs milliseconds, where walking every row newest first for them does not.
 */
const newestFirstFound: SortKey = { ...newestFirst, key: sql`(${activity.at} + interval '0 seconds')` };

const day = z.iso.date("Enter a date, like 2026-11-22.");

const filter = z
  .object({
    actorId: id.optional(),
    action: z
      .string()
      .max(80)
      .regex(/^[a-zA-Z]+\.[a-zA-Z]+$/, "Choose an action from the list.")
      .optional(),
    targetType: z
      .string()
      .max(40)
      .regex(/^[a-z]+$/, "Choose a kind of record from the list.")
      .optional(),
    targetId: z.string().max(80).optional(),
    /** The first day to include (UTC). */
    from: day.optional(),
    /** The last day to include (UTC). */
    to: day.optional(),
    search: searchText,
  })
  .refine((value) => !(value.from && value.to && value.from > value.to), {
    message: "The first day must not be after the last day.",
    path: ["to"],
  });

export type ActivityFilter = z.input<typeof filter>;

function conditionsOf(input: z.output<typeof filter>, rows: SQL | undefined): (SQL | undefined)[] {
  const conditions: (SQL | undefined)[] = [rows];
  if (input.actorId) conditions.push(eq(activity.actorId, input.actorId));
  if (input.action) conditions.push(eq(activity.action, input.action));
  if (input.targetType) conditions.push(eq(activity.targetType, input.targetType));
  if (input.targetId) conditions.push(eq(activity.targetId, input.targetId));
  if (input.from) conditions.push(gte(activity.at, new Date(`${input.from}T00:00:00Z`)));
  if (input.to) conditions.push(lt(activity.at, new Date(new Date(`${input.to}T00:00:00Z`).getTime() + 86_400_000)));
  if (input.search) {
    conditions.push(
      like(sql`lower(${activity.actorLabel} || ' ' || ${activity.targetLabel})`, likePattern(input.search)),
    );
  }
  return conditions;
}

export const listActivity = defineOperation({
  access: activityAccess,
  operation: "read",
  doing: "read the activity log",
  input: z.object({ filter: filter.prefault({}), page: pageArgs.prefault({}) }),
  write: false,
  run: async (scope, input): Promise<Connection<Activity>> => {
    const page = pageQuery(input.filter.search ? newestFirstFound : newestFirst, input.page);
    const rows = await scope.db
      .select()
      .from(activity)
      .where(and(...conditionsOf(input.filter, scope.rows), page.where))
      .orderBy(...page.orderBy)
      .limit(page.limit);
    return pageOf(rows, page, input.page, (row) => [row.at.toISOString(), row.id]);
  },
});

/** A CSV file holds at most this many rows; narrower dates give the rest. */
export const exportRowLimit = 10_000;

/** A spreadsheet must not run a cell as a formula: text that starts like one is quoted. */
function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? "" : typeof value === "string" ? value : JSON.stringify(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const activityCsvColumns = [
  "time (UTC)",
  "actor",
  "via",
  "action",
  "record type",
  "record id",
  "record",
  "changes",
  "address",
  "browser",
] as const;

export const exportActivity = defineOperation({
  access: activityAccess,
  operation: "export",
  doing: "export the activity log",
  input: z.object({ filter: filter.prefault({}) }),
  write: false,
  run: async (scope, input): Promise<{ csv: string; rows: number; truncated: boolean }> => {
    const rows = await scope.db
      .select()
      .from(activity)
      .where(and(...conditionsOf(input.filter, scope.rows)))
      .orderBy(sql`${activity.at} desc`, sql`${activity.id} desc`)
      .limit(exportRowLimit + 1);
    const kept = rows.slice(0, exportRowLimit);
    const lines = [activityCsvColumns.join(",")];
    for (const row of kept) {
      lines.push(
        [
          row.at.toISOString(),
          row.actorLabel,
          row.via,
          row.action,
          row.targetType,
          row.targetId,
          row.targetLabel,
          Object.keys(row.changes).length ? row.changes : "",
          row.address,
          row.userAgent,
        ]
          .map(csvCell)
          .join(","),
      );
    }
    return { csv: `${lines.join("\r\n")}\r\n`, rows: kept.length, truncated: rows.length > exportRowLimit };
  },
});
