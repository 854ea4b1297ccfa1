import { and, asc, count, eq, ilike, isNull, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { inquiries, inquiryNotes, users } from "../../db/schema/index.ts";
import { csvFile } from "../core/csv.ts";
import { id, likePattern, oneLine, searchText } from "../core/fields.ts";
import { listInput, type Connection, type SortKey } from "../core/pagination.ts";
import { countryName } from "../organizations/fields.ts";
import { inquiryEntity, type Inquiry } from "./entity.ts";
import { inquiryStatus, inquiryTopic } from "./fields.ts";

export type InquiryNote = typeof inquiryNotes.$inferSelect;

/** Whose inquiries: anyone's, the reader's own, nobody's yet, or one person's. */
const assigneeFilter = oneLine("the assignee")
  .trim()
  .max(40)
  .optional()
  .refine(
    (value) =>
      value === undefined || value === "" || value === "me" || value === "nobody" || z.uuid().safeParse(value).success,
    "Choose an assignee from the list.",
  )
  .describe('"me", "nobody", or a user\'s id; left out, anyone.');

export const inquiryFilter = z
  .object({
    search: searchText.describe("Part of a name, email address, organization or reference."),
    topic: inquiryTopic.optional(),
    status: inquiryStatus.optional(),
    assignee: assigneeFilter,
  })
  .meta({ id: "InquiryFilter" });
type Filter = z.output<typeof inquiryFilter>;

const newestFirst: SortKey = { key: inquiries.createdAt, type: "timestamptz", id: inquiries.id, direction: "desc" };

function conditionsOf(filter: Partial<Filter>, readerId: string | null): (SQL | undefined)[] {
  return [
    filter.search
      ? ilike(
          sql`lower(${inquiries.name} || ' ' || ${inquiries.email} || ' ' || ${inquiries.organization} || ' ' || coalesce(${inquiries.reference}, ''))`,
          likePattern(filter.search),
        )
      : undefined,
    filter.topic ? eq(inquiries.topic, filter.topic) : undefined,
    filter.status ? eq(inquiries.status, filter.status) : undefined,
    filter.assignee === "nobody"
      ? isNull(inquiries.assigneeId)
      : filter.assignee === "me"
        ? readerId
          ? eq(inquiries.assigneeId, readerId)
          : sql`false`
        : filter.assignee
          ? eq(inquiries.assigneeId, filter.assignee)
          : undefined,
  ];
}

export const listInquiries = inquiryEntity.read({
  operation: "read",
  doing: "read inquiries",
  input: listInput({ filter: inquiryFilter.optional() }),
  run: (scope, input): Promise<Connection<Inquiry>> =>
    scope.page(newestFirst, input, ...conditionsOf(input.filter ?? {}, scope.actor.id)),
});

export const getInquiry = inquiryEntity.read({
  operation: "read",
  doing: "read this inquiry",
  input: z.object({ id }),
  run: (scope, input): Promise<Inquiry> => scope.find(input.id),
});

/** How many inquiries are new and in progress: the sidebar's count and the inbox's tabs. */
export const countInquiries = inquiryEntity.read({
  operation: "read",
  doing: "count inquiries",
  input: z.object({}),
  run: async (scope): Promise<{ new: number; inProgress: number; closed: number }> => {
    const rows = await scope.select({ status: inquiries.status, value: count() }).groupBy(inquiries.status);
    const of = (status: Inquiry["status"]) => rows.find((row) => row.status === status)?.value ?? 0;
    return { new: of("new"), inProgress: of("in_progress"), closed: of("closed") };
  },
});

/** An inquiry's internal notes, oldest first. */
export const listInquiryNotes = inquiryEntity.read({
  operation: "read",
  doing: "read the notes of this inquiry",
  input: z.object({ id }),
  run: async (scope, input): Promise<InquiryNote[]> => {
    const inquiry = await scope.find(input.id);
    return scope.db
      .select()
      .from(inquiryNotes)
      .where(eq(inquiryNotes.inquiryId, inquiry.id))
      .orderBy(asc(inquiryNotes.createdAt), asc(inquiryNotes.id));
  },
});

/** A CSV file holds at most this many rows; a narrower filter gives the rest. */
export const inquiryExportLimit = 10_000;

export const inquiryCsvColumns = [
  "received",
  "reference",
  "topic",
  "status",
  "name",
  "email",
  "phone",
  "organization",
  "region",
  "country",
  "product",
  "serial_number",
  "message",
  "closed",
] as const;

export const exportInquiries = inquiryEntity.read({
  operation: "export",
  doing: "export inquiries",
  input: z.object({ filter: inquiryFilter.optional() }),
  run: async (scope, input): Promise<{ csv: string; rows: number; truncated: boolean }> => {
    const found = await scope
      .select({ row: inquiries }, and(...conditionsOf(input.filter ?? {}, scope.actor.id)))
      .orderBy(sql`${inquiries.createdAt} desc`, sql`${inquiries.id} desc`)
      .limit(inquiryExportLimit + 1);
    const rows = found
      .slice(0, inquiryExportLimit)
      .map(({ row }) => [
        row.createdAt.toISOString(),
        row.reference,
        row.topic,
        row.status,
        row.name,
        row.email,
        row.phone,
        row.organization,
        row.region,
        countryName(row.country),
        row.product,
        row.serialNumber,
        row.message,
        row.closedAt?.toISOString() ?? null,
      ]);
    return { csv: csvFile(inquiryCsvColumns, rows), rows: rows.length, truncated: found.length > inquiryExportLimit };
  },
});

export type InquiryAssignee = { id: string; name: string };

/** The people an inquiry may be given to: active admins and those given the inquiries duty, by name. */
export const listInquiryAssignees = inquiryEntity.read({
  operation: "read",
  doing: "see who answers inquiries",
  input: z.object({}),
  run: async (scope): Promise<InquiryAssignee[]> => {
    const rows = await scope.db
      .select({ id: users.id, name: users.name, email: users.email })
      .from(users)
      .where(and(eq(users.status, "active"), sql`(${users.role} = 'admin' or 'inquiries' = any(${users.grants}))`))
      .orderBy(sql`lower(coalesce(${users.name}, ${users.email}, ''))`, users.id)
      .limit(500);
    return rows.map((row) => ({ id: row.id, name: row.name ?? row.email ?? "Unnamed person" }));
  },
});
