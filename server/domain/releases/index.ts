/** Software releases per product: the entity, its fields, versions, reads, writes and downloads. */
export * from "./downloads.ts";
export * from "./entity.ts";
export * from "./fields.ts";
export * from "./read.ts";
export * from "./versions.ts";
export * from "./write.ts";
