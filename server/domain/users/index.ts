/** People who may sign in: the entity, its reads and writes, its sessions, pictures and sign-in. */
export * from "./attention.ts";
export * from "./carry-pictures.ts";
export * from "./entity.ts";
export * from "./pictures.ts";
export * from "./read.ts";
export * from "./sessions.ts";
export * from "./sign-in.ts";
export * from "./write.ts";
