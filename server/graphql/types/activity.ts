import { exportActivity, listActivity } from "../../domain/activity/index.ts";
import { activityActions, readActivityVocabulary, type ActivityVocabulary } from "../../domain/index.ts";
import { builder } from "../builder.ts";
import { queryField } from "../operations.ts";
import { connectionType } from "./pagination.ts";
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

const wordsOf = new Map(activityActions.map((entry) => [entry.action, entry.words]));

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
    words: t.string({
      description: 'The action in words that follow the actor\'s name: "changed the role of".',
      resolve: (row) => wordsOf.get(row.action) ?? row.action,
    }),
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

const ActivityExportType = builder
  .objectRef<{ csv: string; rows: number; truncated: boolean }>("ActivityExport")
  .implement({
    fields: (t) => ({
      csv: t.exposeString("csv"),
      rows: t.exposeInt("rows"),
      truncated: t.exposeBoolean("truncated", { description: "More rows matched than one file holds (10,000)." }),
    }),
  });

const ActionType = builder.objectRef<ActivityVocabulary["actions"][number]>("ActivityAction").implement({
  description: "An action the activity log can hold.",
  fields: (t) => ({
    action: t.exposeString("action", { description: "entity.operation, as the filter takes it." }),
    words: t.exposeString("words", { description: 'What follows the actor\'s name: "changed the role of".' }),
    label: t.exposeString("label", { description: 'Its name in a filter: "Role changed".' }),
  }),
});

const KindType = builder.objectRef<ActivityVocabulary["kinds"][number]>("ActivityKind").implement({
  description: "A kind of record the activity log is about.",
  fields: (t) => ({
    type: t.exposeString("type", { description: "As the filter's targetType takes it." }),
    label: t.exposeString("label"),
  }),
});

queryField("activity", {
  operation: listActivity,
  type: connectionType("Activity", ActivityRef),
  description: "The audit trail, newest first. Admins read all of it; others what they did themselves.",
});
queryField("activityExport", {
  operation: exportActivity,
  type: ActivityExportType,
  description: "The filtered trail as CSV (admins).",
});
queryField("activityActions", {
  operation: readActivityVocabulary,
  type: [ActionType],
  description: "Every action the trail can hold, for filters.",
  result: (vocabulary) => vocabulary.actions,
});
queryField("activityKinds", {
  operation: readActivityVocabulary,
  type: [KindType],
  description: "Every kind of record the trail is about, for filters.",
  result: (vocabulary) => vocabulary.kinds,
});
