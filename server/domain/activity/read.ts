import { and, eq, gte, like, lt, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { activity } from "../../db/schema/index.ts";
import { id, likePattern, oneLine, searchText } from "../core/fields.ts";
import { listInput, type Connection, type SortKey } from "../core/pagination.ts";
import { activityCsv, type ActivityCsv } from "./csv.ts";
import { activityEntity, type Activity } from "./entity.ts";

/** Newest first; the id breaks ties between rows written in the same instant. */
const newestFirst: SortKey = { key: activity.at, type: "timestamptz", id: activity.id, direction: "desc" };

/**
 * The same order for a text search, written so the planner cannot walk the time index:
 * a search matches few rows, and finding them through the trigram index, then sorting
 * them, costs milliseconds, where walking every row newest first for them does not.
 */
const newestFirstFound: SortKey = { ...newestFirst, key: sql`(${activity.at} + interval '0 seconds')` };

const day = z.iso.date("Enter a date, like 2026-11-22.");

export const activityFilter = z
  .object({
    actorId: id.optional().describe("Who did it."),
    action: oneLine("the action")
      .max(80)
      .regex(/^[a-zA-Z]+\.[a-zA-Z]+$/, "Choose an action from the list.")
      .optional()
      .describe("entity.operation, as `activityActions` lists them."),
    targetType: oneLine("the kind of record")
      .max(40)
      .regex(/^[a-z]+$/, "Choose a kind of record from the list.")
      .optional()
      .describe("The kind of record, as `activityKinds` lists them."),
    targetId: oneLine("the record").max(80, "Use at most 80 characters.").optional(),
    from: day.optional().describe("The first day to include (UTC)."),
    to: day.optional().describe("The last day to include (UTC)."),
    search: searchText.describe("Part of the actor's or the record's name."),
  })
  .refine((value) => !(value.from && value.to && value.from > value.to), {
    message: "The first day must not be after the last day.",
    path: ["to"],
  })
  .meta({ id: "ActivityFilter" });

export type ActivityFilter = z.input<typeof activityFilter>;

function conditionsOf(input: Partial<z.output<typeof activityFilter>>): (SQL | undefined)[] {
  const conditions: (SQL | undefined)[] = [];
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

export const listActivity = activityEntity.read({
  operation: "read",
  doing: "read the activity log",
  input: listInput({ filter: activityFilter.optional() }),
  run: async (scope, input): Promise<Connection<Activity>> => {
    const filter: Partial<z.output<typeof activityFilter>> = input.filter ?? {};
    return scope.page(filter.search ? newestFirstFound : newestFirst, input, ...conditionsOf(filter));
  },
});

/** A CSV file holds at most this many rows; narrower dates give the rest. */
export const exportRowLimit = 10_000;

export const exportActivity = activityEntity.read({
  operation: "export",
  doing: "export the activity log",
  input: z.object({ filter: activityFilter.optional() }),
  run: async (scope, input): Promise<ActivityCsv> => {
    const rows = await scope
      .select({ row: activity }, and(...conditionsOf(input.filter ?? {})))
      .orderBy(sql`${activity.at} desc`, sql`${activity.id} desc`)
      .limit(exportRowLimit + 1);
    return activityCsv(
      rows.slice(0, exportRowLimit).map((found) => found.row),
      rows.length > exportRowLimit,
    );
  },
});
