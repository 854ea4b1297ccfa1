import type { Database } from "../../db/client.ts";
import { activity, type ActivityChanges } from "../../db/schema/index.ts";
import type { Actor } from "./access.ts";

/** The record an activity row is about, named as it was at the time. */
export type AuditTarget = { type: string; id: string | null; label: string };

/** One write, as the activity log records it. */
export type AuditEntry = {
  target: AuditTarget;
  /** The row before and after; only the fields that changed are kept. */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
};

/** Bookkeeping fields, and secrets that must never reach the log. */
const unrecorded = new Set(["version", "updatedAt", "createdAt", "tokenHash", "passwordHash"]);

function comparable(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (value === undefined) return null;
  return value;
}

/**
 * The fields that differ between two versions of a row, as `{ field: { from, to } }`.
 * A creation has no "before" (every field is new), a deletion no "after".
 */
function diffRecords(
  before: Record<string, unknown> | null | undefined,
  after: Record<string, unknown> | null | undefined,
): ActivityChanges {
  const changes: ActivityChanges = {};
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const key of keys) {
    if (unrecorded.has(key)) continue;
    const from = comparable(before?.[key]);
    const to = comparable(after?.[key]);
    if (JSON.stringify(from) !== JSON.stringify(to)) changes[key] = { from, to };
  }
  return changes;
}

/** Writes one activity row; call it inside the transaction of the write it records. */
export async function recordActivity(
  db: Database,
  record: {
    actor: Actor | null;
    request: { address: string | null; userAgent: string | null };
    at: Date;
    action: string;
    entry: AuditEntry;
  },
): Promise<void> {
  const { actor, request, entry } = record;
  await db.insert(activity).values({
    at: record.at,
    actorId: actor?.via === "system" ? null : (actor?.id ?? null),
    actorLabel: actor?.label ?? "Anonymous visitor",
    via: actor?.via ?? "anonymous",
    action: record.action,
    targetType: entry.target.type,
    targetId: entry.target.id,
    targetLabel: entry.target.label.slice(0, 300),
    changes: diffRecords(entry.before, entry.after),
    address: request.address?.slice(0, 64) ?? null,
    userAgent: request.userAgent?.slice(0, 512) ?? null,
  });
}
