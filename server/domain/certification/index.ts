export * from "./apply.ts";
export * from "./entity.ts";
export * from "./fields.ts";
export * from "./read.ts";
export * from "./write.ts";
