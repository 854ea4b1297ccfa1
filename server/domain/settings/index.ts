/** The site's typed settings: the entity, its groups, reads (with the public notices) and the group updates. */
export * from "./entity.ts";
export * from "./groups.ts";
export * from "./read.ts";
export * from "./write.ts";
