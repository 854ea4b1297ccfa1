import { and, eq, inArray, lt, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../db/client.ts";
import { activity, certificationApplications, inquiries, inquiryNotes, users } from "../../db/schema/index.ts";
import { ValidationError } from "../core/errors.ts";
import { email, id, requiredLines, rowVersion } from "../core/fields.ts";
import { actorFor } from "../users/entity.ts";
import { inquiryEntity, type Inquiry } from "./entity.ts";
import { inquiryStatus } from "./fields.ts";
import type { InquiryNote } from "./read.ts";

/** Gives an inquiry to someone who may answer it, or to no one; a new one moves to in progress. */
export const assignInquiry = inquiryEntity.write({
  operation: "assign",
  doing: "assign inquiries",
  input: z.object({ ...rowVersion, assigneeId: id.nullish().transform((value) => value ?? null) }),
  run: async (scope, input): Promise<Inquiry> => {
    const { row: inquiry } = await scope.target(input);
    if (input.assigneeId) {
      const [assignee] = await scope.tx.select().from(users).where(eq(users.id, input.assigneeId));
      // The entity's own read rule says who answers inquiries (admins, and the duty).
      const canAnswer = assignee ? inquiryEntity.decide("read", actorFor(assignee, "session")) === true : false;
      if (!canAnswer || assignee?.status !== "active") {
        throw new ValidationError({
          assigneeId: "Choose someone who answers inquiries: an admin, or a person given the inquiries duty.",
        });
      }
    }
    if (inquiry.assigneeId === input.assigneeId) {
      scope.unchanged();
      return inquiry;
    }
    const status = input.assigneeId && inquiry.status === "new" ? "in_progress" : inquiry.status;
    const updated = await scope.update(input, { assigneeId: input.assigneeId, status });
    await scope.audit({
      row: updated,
      before: { assigneeId: inquiry.assigneeId, status: inquiry.status },
      after: { assigneeId: updated.assigneeId, status: updated.status },
    });
    return updated;
  },
});

/** New, in progress or closed; closing records when, reopening clears it. */
export const setInquiryStatus = inquiryEntity.write({
  operation: "setStatus",
  doing: "change the status of inquiries",
  input: z.object({ ...rowVersion, status: inquiryStatus }),
  run: async (scope, input): Promise<Inquiry> => {
    const { row: inquiry } = await scope.target(input);
    if (inquiry.status === input.status) {
      scope.unchanged();
      return inquiry;
    }
    const updated = await scope.update(input, {
      status: input.status,
      closedAt: input.status === "closed" ? scope.now : null,
    });
    await scope.audit({ row: updated, before: { status: inquiry.status }, after: { status: updated.status } });
    return updated;
  },
});

/** An internal note; it changes the inquiry's version, so two people editing see each other's notes. */
export const addInquiryNote = inquiryEntity.write({
  operation: "note",
  doing: "add notes to inquiries",
  input: z.object({ ...rowVersion, body: requiredLines("the note", 5000, "Write the note.") }),
  run: async (scope, input): Promise<{ inquiry: Inquiry; note: InquiryNote }> => {
    const { row } = await scope.target(input);
    const [note] = await scope.tx
      .insert(inquiryNotes)
      .values({
        inquiryId: row.id,
        authorId: scope.actor.id,
        authorLabel: scope.actor.label,
        body: input.body,
        createdAt: scope.now,
      })
      .returning();
    if (!note) throw new Error("the note was not stored");
    const inquiry = await scope.update(input, {});
    await scope.audit({
      row: inquiry,
      after: { note: input.body.length > 80 ? `${input.body.slice(0, 79)}…` : input.body },
    });
    return { inquiry, note };
  },
});

/** What an erasure or a purge takes out of the activity log: who the inquiry was from, and where from. */
async function anonymiseActivity(tx: Database, ids: string[]) {
  if (ids.length === 0) return;
  await tx
    .update(activity)
    .set({ targetLabel: "Deleted inquiry", address: null, userAgent: null })
    .where(and(eq(activity.targetType, "inquiry"), inArray(activity.targetId, ids)));
}

/**
 * Deletes everything kept about one person who wrote to us, on their request: their
 * inquiries and the notes on them, their certification applications, and their name and
 * network address in the activity log. The log keeps that a deletion happened and how
 * much, not whose.
 */
export const forgetPerson = inquiryEntity.write({
  operation: "forgetPerson",
  doing: "delete a person's data",
  input: z.object({ email }),
  run: async (scope, input): Promise<{ inquiries: number; applications: number }> => {
    const deleted = await scope.tx
      .delete(inquiries)
      .where(sql`lower(${inquiries.email}) = ${input.email}`)
      .returning({ id: inquiries.id });
    const ids = deleted.map((row) => row.id);
    await anonymiseActivity(scope.tx, ids);
    const applications = await scope.tx
      .delete(certificationApplications)
      .where(sql`lower(${certificationApplications.email}) = ${input.email}`)
      .returning({ id: certificationApplications.id });
    if (applications.length > 0) {
      await scope.tx
        .update(activity)
        .set({ targetLabel: "Deleted application", address: null, userAgent: null })
        .where(
          and(
            eq(activity.targetType, "application"),
            inArray(
              activity.targetId,
              applications.map((row) => row.id),
            ),
          ),
        );
    }
    await scope.audit({
      target: {
        type: "inquiry",
        id: null,
        label: `one person's data (${ids.length} ${ids.length === 1 ? "inquiry" : "inquiries"}, ${applications.length} ${applications.length === 1 ? "application" : "applications"})`,
      },
      after: { inquiries: ids.length, applications: applications.length },
    });
    return { inquiries: ids.length, applications: applications.length };
  },
});

/** Inquiries are kept this long by default (`INQUIRY_RETENTION_DAYS`). */
export const defaultRetentionDays = 730;

/** Deletes inquiries received more than `days` ago (the scheduled job runs it as the product). */
export const purgeInquiries = inquiryEntity.write({
  operation: "purge",
  doing: "purge old inquiries",
  internal: "the server's daily retention job runs it (server/http/server.ts)",
  input: z.object({
    days: z.number().int("Give a whole number of days.").min(30, "Keep inquiries at least 30 days.").max(36_500),
  }),
  run: async (scope, input): Promise<{ inquiries: number }> => {
    const cutoff = new Date(scope.now.getTime() - input.days * 24 * 60 * 60 * 1000);
    const deleted = await scope.tx
      .delete(inquiries)
      .where(lt(inquiries.createdAt, cutoff))
      .returning({ id: inquiries.id });
    const ids = deleted.map((row) => row.id);
    if (ids.length === 0) {
      scope.unchanged();
      return { inquiries: 0 };
    }
    await anonymiseActivity(scope.tx, ids);
    await scope.audit({
      target: {
        type: "inquiry",
        id: null,
        label: `${ids.length} ${ids.length === 1 ? "inquiry" : "inquiries"} older than ${input.days} days`,
      },
      after: { inquiries: ids.length, days: input.days },
    });
    return { inquiries: ids.length };
  },
});
