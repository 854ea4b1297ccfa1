/** Personal access tokens: the entity, its reads and writes, and how a presented token authenticates. */
export * from "./authenticate.ts";
export * from "./entity.ts";
export * from "./read.ts";
export * from "./write.ts";
