/** The documentation: the entity, its fields, reads, writes, search, the trash, preview links, and its editors' unsaved work and presence. */
export * from "./editing.ts";
export * from "./entity.ts";
export * from "./fields.ts";
export * from "./presence.ts";
export * from "./preview.ts";
export * from "./read.ts";
export * from "./search.ts";
export * from "./trash.ts";
export * from "./working-copies.ts";
export * from "./write.ts";
export type { DocRevisionData } from "./write-support.ts";
