import { eq, type SQL } from "drizzle-orm";
import { activity } from "../../db/schema/index.ts";
import { allow, type Actor } from "../core/access.ts";
import { defineEntity } from "../core/entity.ts";

export type Activity = typeof activity.$inferSelect;

const ownActivity = (actor: Actor): SQL => eq(activity.actorId, actor.id);

/** The audit trail. Admins read the whole of it and export it; everyone else reads what they did themselves. */
export const activityEntity = defineEntity({
  name: "activity",
  plural: "Activity",
  table: activity,
  label: (row) => `${row.action} by ${row.actorLabel}`,
  notFound: "That activity row does not exist.",
  rules: {
    read: allow.roleOrRows("admin", ownActivity),
    export: allow.role("admin"),
  },
  rowChecks: {},
  // The trail records the other entities' actions; it is never written to through an operation of its own.
  actions: {},
});
