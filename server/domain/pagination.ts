import { sql, type AnyColumn, type SQL } from "drizzle-orm";
import { z } from "zod";
import { ValidationError } from "./errors.ts";

/**
 * Cursor pagination over a sort key and a unique id (keyset, never OFFSET): a page
 * reads the same rows however many arrive before it, and costs the same on page 1000
 * as on page 1, given an index on (key, id).
 */
export const maxPageSize = 100;

export const pageArgs = z
  .object({
    first: z.number().int().min(1).max(maxPageSize).optional(),
    after: z.string().max(500).optional(),
    last: z.number().int().min(1).max(maxPageSize).optional(),
    before: z.string().max(500).optional(),
  })
  .refine((page) => !(page.after && page.before), { message: "Give either after or before, not both." })
  .refine((page) => !(page.first && page.last), { message: "Give either first or last, not both." });

export type PageArgs = z.output<typeof pageArgs>;

export type PageInfo = {
  hasNextPage: boolean;
  hasPreviousPage: boolean;
  startCursor: string | null;
  endCursor: string | null;
};

export type Connection<Node> = { nodes: Node[]; pageInfo: PageInfo };

/** How a list is ordered: a key that is never null (coalesce it), then the id to break ties. */
export type SortKey = {
  key: SQL | AnyColumn;
  /** The key's SQL type, so a cursor's value compares as the same type. */
  type: "text" | "timestamptz" | "bigint" | "integer";
  id: AnyColumn;
  direction: "asc" | "desc";
};

type CursorValue = [string | number, string | number];

export function encodeCursor(value: CursorValue): string {
  return Buffer.from(JSON.stringify(value)).toString("base64url");
}

function invalidCursor(): ValidationError {
  return new ValidationError({ after: "That page link is no longer valid. Start again from the first page." });
}

export function decodeCursor(cursor: string): CursorValue {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      value.every((part) => typeof part === "string" || typeof part === "number")
    ) {
      return value as CursorValue;
    }
  } catch {
    // Falls through to the message below.
  }
  throw invalidCursor();
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const integerRange = { integer: 2_147_483_647, bigint: Number.MAX_SAFE_INTEGER } as const;

/**
 * Whether one part of a cursor is a value of this SQL type, as `pageOf` writes it: a
 * cursor is the client's to send, and a forged one must be refused as invalid, never
 * reach the database as a failing cast.
 */
function fitsType(value: string | number, type: string): boolean {
  switch (type) {
    case "text":
      return typeof value === "string" && !value.includes("\u0000");
    case "uuid":
      return typeof value === "string" && uuidPattern.test(value);
    case "timestamptz":
      return (
        typeof value === "string" &&
        (value === "-infinity" ||
          (/^(?!0000)\d{4}-/.test(value) &&
            !Number.isNaN(Date.parse(value)) &&
            new Date(value).toISOString() === value))
      );
    case "integer":
    case "bigint":
      return typeof value === "number" && Number.isInteger(value) && Math.abs(value) <= integerRange[type];
    default:
      return false;
  }
}

const defaultPageSize = 25;

/**
 * The WHERE, ORDER BY and LIMIT of one page. Going back (`before`/`last`) reads the
 * rows in reverse order; `pageOf` turns them round again.
 */
export function pageQuery(sort: SortKey, page: PageArgs) {
  const backwards = page.before !== undefined || page.last !== undefined;
  const size = (backwards ? page.last : page.first) ?? defaultPageSize;
  const cursor = page.after ?? page.before;
  const ascending = (sort.direction === "asc") !== backwards;
  let where: SQL | undefined;
  if (cursor) {
    const [value, id] = decodeCursor(cursor);
    const idType = sort.id.getSQLType();
    if (!fitsType(value, sort.type) || !fitsType(id, idType)) throw invalidCursor();
    const typed = sql`cast(${value} as ${sql.raw(sort.type)})`;
    const typedId = sql`cast(${id} as ${sql.raw(idType)})`;
    where = ascending
      ? sql`(${sort.key}, ${sort.id}) > (${typed}, ${typedId})`
      : sql`(${sort.key}, ${sort.id}) < (${typed}, ${typedId})`;
  }
  const orderBy = ascending
    ? [sql`${sort.key} asc`, sql`${sort.id} asc`]
    : [sql`${sort.key} desc`, sql`${sort.id} desc`];
  return { where, orderBy, limit: size + 1, size, backwards };
}

/** The page's rows (in display order) and where the next and previous pages start. */
export function pageOf<Row>(
  rows: Row[],
  query: { size: number; backwards: boolean },
  page: PageArgs,
  cursorOf: (row: Row) => CursorValue,
): Connection<Row> {
  const more = rows.length > query.size;
  const kept = rows.slice(0, query.size);
  if (query.backwards) kept.reverse();
  const first = kept[0];
  const last = kept.at(-1);
  return {
    nodes: kept,
    pageInfo: {
      hasNextPage: query.backwards ? page.before !== undefined : more,
      hasPreviousPage: query.backwards ? more : page.after !== undefined,
      startCursor: first ? encodeCursor(cursorOf(first)) : null,
      endCursor: last ? encodeCursor(cursorOf(last)) : null,
    },
  };
}
