/** The documentation: the entity, its fields, where docs sit, reads and writes. */
export * from "./entity.ts";
export * from "./fields.ts";
export * from "./read.ts";
export * from "./write.ts";
