/**
 * The database's tables, one file per entity or concern. Drizzle Kit reads this file
 * (drizzle.config.ts) to write migrations; code imports tables from here.
 */
export * from "./activity.ts";
export * from "./certification-applications.ts";
export * from "./doc-search.ts";
export * from "./docs.ts";
export * from "./files.ts";
export * from "./idp.ts";
export * from "./inquiries.ts";
export * from "./media.ts";
export * from "./organizations.ts";
export * from "./outbox.ts";
export * from "./rate-limits.ts";
export * from "./releases.ts";
export * from "./revisions.ts";
export * from "./sessions.ts";
export * from "./settings.ts";
export * from "./tokens.ts";
export * from "./users.ts";
