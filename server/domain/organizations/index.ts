/** Clinics, hospitals, distributors and research sites: the entity, its input fields, reads and writes. */
export * from "./entity.ts";
export * from "./fields.ts";
export * from "./locations.ts";
export * from "./read.ts";
export * from "./write.ts";
