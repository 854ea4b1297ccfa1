/** The media library: the entity, its input fields, its files in the store, reads and writes. */
export * from "./addresses.ts";
export * from "./entity.ts";
export * from "./fields.ts";
export * from "./files.ts";
export * from "./read.ts";
export * from "./write.ts";
