/** The audit trail: the entity, its list and its CSV export. */
export * from "./csv.ts";
export * from "./entity.ts";
export * from "./read.ts";
