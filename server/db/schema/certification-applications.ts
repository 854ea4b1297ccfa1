import { date, index, pgEnum, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt, updatedAt, version } from "./columns.ts";
import { inquiryProductEnum } from "./inquiries.ts";
import { organizations } from "./organizations.ts";
import { users } from "./users.ts";

/**
 * Where an application stands: applied, a course date is set (scheduled), the course and
 * assessment are done (completed), the operator is certified, or it was declined.
 */
export const applicationStatusEnum = pgEnum("application_status", [
  "applied",
  "scheduled",
  "completed",
  "certified",
  "declined",
]);
/** How the applicant would like to be trained. */
export const trainingFormatEnum = pgEnum("training_format", ["online", "on_site", "training_centre"]);

/**
 * An operator's application to the Get Certified programme, from the public page. Staff
 * move it along; each step is mailed to the applicant. Personal data, kept and purged
 * like an inquiry.
 */
export const certificationApplications = pgTable(
  "certification_applications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    status: applicationStatusEnum("status").notNull().default("applied"),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    /** The organization as the applicant wrote it. */
    organizationName: text("organization_name").notNull(),
    /** The organization staff matched it to: certifying the operator certifies it. */
    organizationId: uuid("organization_id").references(() => organizations.id, { onDelete: "set null" }),
    /** The applicant's role there ("Radiographer", "Pharmacist"). */
    jobTitle: text("job_title").notNull(),
    /** ISO 3166-1 alpha-2. */
    country: text("country").notNull(),
    region: text("region").notNull().default(""),
    product: inquiryProductEnum("product").notNull(),
    trainingFormat: trainingFormatEnum("training_format").notNull(),
    /** When the applicant could attend, as they wrote it. */
    preferredDates: text("preferred_dates").notNull().default(""),
    message: text("message"),
    /** The course date staff set when scheduling. */
    scheduledFor: date("scheduled_for", { mode: "string" }),
    /** Why it was declined, as told to the applicant. */
    declinedReason: text("declined_reason"),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    assigneeId: uuid("assignee_id").references(() => users.id, { onDelete: "set null" }),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("certification_applications_created").on(table.createdAt, table.id),
    index("certification_applications_status").on(table.status, table.createdAt),
  ],
);
