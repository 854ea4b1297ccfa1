import type { ObjectRef, SchemaTypes } from "@pothos/core";
import type { Connection, PageArgs, PageInfo } from "../../domain/pagination.ts";
import { builder } from "../builder.ts";

export const PageInfoType = builder.objectRef<PageInfo>("PageInfo").implement({
  description: "Where a page sits in its list: whether more rows come before or after, and the cursors to get them.",
  fields: (t) => ({
    hasNextPage: t.exposeBoolean("hasNextPage"),
    hasPreviousPage: t.exposeBoolean("hasPreviousPage"),
    startCursor: t.exposeString("startCursor", { nullable: true }),
    endCursor: t.exposeString("endCursor", { nullable: true }),
  }),
});

export const SortDirection = builder.enumType("SortDirection", { values: ["asc", "desc"] as const });

/** The page a field's `first`/`after`/`last`/`before` arguments ask for. */
export function pageFrom(args: {
  first?: number | null;
  after?: string | null;
  last?: number | null;
  before?: string | null;
}): PageArgs {
  return {
    ...(args.first != null ? { first: args.first } : {}),
    ...(args.after != null ? { after: args.after } : {}),
    ...(args.last != null ? { last: args.last } : {}),
    ...(args.before != null ? { before: args.before } : {}),
  };
}

/** A page of a list: its rows (`nodes`) and `pageInfo`. */
export function connectionType<Types extends SchemaTypes, Node>(name: string, node: ObjectRef<Types, Node>) {
  return builder.objectRef<Connection<Node>>(`${name}Connection`).implement({
    description: `A page of ${name} rows.`,
    fields: (t) => ({
      nodes: t.field({ type: [node], resolve: (connection) => connection.nodes }),
      pageInfo: t.field({ type: PageInfoType, resolve: (connection) => connection.pageInfo }),
    }),
  });
}
