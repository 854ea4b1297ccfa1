/** The docs search's synonyms: groups of terms a search treats as one, kept by editors. */
export * from "./entity.ts";
export * from "./fields.ts";
export * from "./read.ts";
export * from "./write.ts";
