import type { ObjectRef, SchemaTypes } from "@pothos/core";
import { totalCountLimit, type Connection, type PageInfo } from "../../domain/core/pagination.ts";
import { builder } from "../builder.ts";

const PageInfoType = builder.objectRef<PageInfo>("PageInfo").implement({
  description: "Where a page sits in its list: whether more rows come before or after, and the cursors to get them.",
  fields: (t) => ({
    hasNextPage: t.exposeBoolean("hasNextPage"),
    hasPreviousPage: t.exposeBoolean("hasPreviousPage"),
    startCursor: t.exposeString("startCursor", { nullable: true }),
    endCursor: t.exposeString("endCursor", { nullable: true }),
  }),
});

/** A page of a list: its rows (`nodes`), `pageInfo`, and how many rows the whole list holds. */
export function connectionType<Types extends SchemaTypes, Node>(name: string, node: ObjectRef<Types, Node>) {
  return builder.objectRef<Connection<Node>>(`${name}Connection`).implement({
    description: `A page of ${name} rows.`,
    fields: (t) => ({
      nodes: t.field({ type: [node], resolve: (connection) => connection.nodes }),
      pageInfo: t.field({ type: PageInfoType, resolve: (connection) => connection.pageInfo }),
      totalCount: t.int({
        description: `How many rows the list holds with these filters, counted up to ${totalCountLimit}.`,
        resolve: async (connection) => (await connection.total()).count,
      }),
      totalCountIsLowerBound: t.boolean({
        description: `Whether the list holds more rows than totalCount (it stops counting at ${totalCountLimit}).`,
        resolve: async (connection) => (await connection.total()).more,
      }),
    }),
  });
}
