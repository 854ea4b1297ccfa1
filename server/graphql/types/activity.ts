import { exportActivity, listActivity, type ActivityFilter } from "../../domain/activity.ts";
import { activityActions } from "../../domain/index.ts";
import { builder } from "../builder.ts";
import { connectionType, pageFrom } from "./pagination.ts";
import { ActivityRef, UserRef } from "./refs.ts";

const ChangeType = builder.objectRef<{ field: string; from: unknown; to: unknown }>("ActivityChange").implement({
  description: "One field a write changed, with its values before and after as JSON.",
  fields: (t) => ({
    field: t.exposeString("field"),
    from: t.string({
      nullable: true,
      resolve: (change) => (change.from === null ? null : JSON.stringify(change.from)),
    }),
    to: t.string({ nullable: true, resolve: (change) => (change.to === null ? null : JSON.stringify(change.to)) }),
  }),
});

ActivityRef.implement({
  description: "One write, as the audit trail recorded it in the same transaction.",
  fields: (t) => ({
    id: t.id({ resolve: (row) => String(row.id) }),
    at: t.expose("at", { type: "DateTime" }),
    actor: t.field({
      type: UserRef,
      nullable: true,
      description: "Who did it, while their account exists and the reader may see it.",
      resolve: (row, _args, context) => (row.actorId ? context.loaders.user.load(row.actorId) : null),
    }),
    actorLabel: t.exposeString("actorLabel", { description: "Who did it, as they were named at the time." }),
    via: t.exposeString("via", { description: "session, token or system." }),
    action: t.exposeString("action"),
    targetType: t.exposeString("targetType"),
    targetId: t.exposeString("targetId", { nullable: true }),
    targetLabel: t.exposeString("targetLabel"),
    changes: t.field({
      type: [ChangeType],
      resolve: (row) => Object.entries(row.changes).map(([field, change]) => ({ field, ...change })),
    }),
    address: t.exposeString("address", { nullable: true }),
    userAgent: t.exposeString("userAgent", { nullable: true }),
  }),
});

const ActivityConnection = connectionType("Activity", ActivityRef);

const ActivityFilterInput = builder.inputType("ActivityFilter", {
  fields: (t) => ({
    actorId: t.id(),
    action: t.string(),
    targetType: t.string(),
    targetId: t.string(),
    from: t.field({ type: "Date", description: "The first day to include (UTC)." }),
    to: t.field({ type: "Date", description: "The last day to include (UTC)." }),
    search: t.string({ description: "Part of the actor's or the record's name." }),
  }),
});

function filterFrom(filter: typeof ActivityFilterInput.$inferInput | null | undefined): ActivityFilter {
  if (!filter) return {};
  return {
    actorId: filter.actorId ?? undefined,
    action: filter.action ?? undefined,
    targetType: filter.targetType ?? undefined,
    targetId: filter.targetId ?? undefined,
    from: filter.from ?? undefined,
    to: filter.to ?? undefined,
    search: filter.search ?? undefined,
  };
}

const ActivityExportType = builder
  .objectRef<{ csv: string; rows: number; truncated: boolean }>("ActivityExport")
  .implement({
    fields: (t) => ({
      csv: t.exposeString("csv"),
      rows: t.exposeInt("rows"),
      truncated: t.exposeBoolean("truncated", { description: "More rows matched than one file holds (10,000)." }),
    }),
  });

builder.queryFields((t) => ({
  activity: t.field({
    type: ActivityConnection,
    description: "The audit trail, newest first. Admins read all of it; others what they did themselves.",
    args: {
      filter: t.arg({ type: ActivityFilterInput }),
      first: t.arg.int(),
      after: t.arg.string(),
      last: t.arg.int(),
      before: t.arg.string(),
    },
    resolve: (_root, args, context) =>
      listActivity(context.domain, { filter: filterFrom(args.filter), page: pageFrom(args) }),
  }),
  activityExport: t.field({
    type: ActivityExportType,
    description: "The filtered trail as CSV (admins).",
    args: { filter: t.arg({ type: ActivityFilterInput }) },
    resolve: (_root, args, context) => exportActivity(context.domain, { filter: filterFrom(args.filter) }),
  }),
  activityActions: t.stringList({
    description: "Every action the trail can hold, for filters.",
    resolve: () => [...activityActions],
  }),
}));
