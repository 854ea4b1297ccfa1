import { sql, type AnyColumn, type SQL } from "drizzle-orm";
import { z } from "zod";
import { ValidationError } from "./errors.ts";
import { oneLine } from "./fields.ts";

/**
 * Cursor pagination over a sort key and a unique id (keyset, never OFFSET): a page
 * reads the same rows however many arrive before it, and costs the same on page 1000
 * as on page 1, given an index on (key, id).
 */
const maxPageSize = 100;

const pageSize = z
  .number()
  .int("Ask for a whole number of rows.")
  .min(1, "Ask for at least 1 row.")
  .max(maxPageSize, `Ask for at most ${maxPageSize} rows.`);
const cursor = oneLine("the page link").max(500, "That page link is not valid. Start again from the first page.");

/** A list's page (Relay's arguments): the first rows after a cursor, or the last ones before it. */
const pageFields = {
  first: pageSize.optional(),
  after: cursor.optional(),
  last: pageSize.optional(),
  before: cursor.optional(),
};

export type PageArgs = { first?: number; after?: string; last?: number; before?: string };

/** A list operation's input: its own fields, then the page's, which go in one direction only. */
export function listInput<Shape extends z.ZodRawShape>(shape: Shape) {
  return z
    .object({ ...shape, ...pageFields })
    .refine((page) => !((page as PageArgs).after && (page as PageArgs).before), {
      message: "Give either after or before, not both.",
      path: ["before"],
    })
    .refine((page) => !((page as PageArgs).first && (page as PageArgs).last), {
      message: "Give either first or last, not both.",
      path: ["last"],
    });
}

export type PageInfo = {
  hasNextPage: boolean;
  hasPreviousPage: boolean;
  startCursor: string | null;
  endCursor: string | null;
};

/**
 * How many rows a list holds in all, counted up to `totalCountLimit`: past it the count
 * says "more than", so a count never costs more than reading that many index entries.
 */
export type TotalCount = { count: number; more: boolean };
export const totalCountLimit = 1000;

/**
 * A page of a list. Its total is counted when first asked for (GraphQL asks only when
 * `totalCount` is selected), once, with the page's conditions.
 */
export type Connection<Node> = { nodes: Node[]; pageInfo: PageInfo; total: () => Promise<TotalCount> };

/** How a list is ordered: a key that is never null (coalesce it), then the id to break ties. */
export type SortKey = {
  key: SQL | AnyColumn;
  /** The key's SQL type, so a cursor's value compares as the same type. */
  type: "text" | "timestamptz" | "bigint" | "integer";
  id: AnyColumn;
  direction: "asc" | "desc";
};

/** A cursor: the row's sort key and id, as the database wrote them (full precision, its own case rules). */
type CursorValue = [string, string];

export function encodeCursor(value: CursorValue): string {
  return Buffer.from(JSON.stringify(value)).toString("base64url");
}

function invalidCursor(): ValidationError {
  return new ValidationError({ after: "That page link is no longer valid. Start again from the first page." });
}

function decodeCursor(cursor: string): CursorValue {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (Array.isArray(value) && value.length === 2 && value.every((part) => typeof part === "string")) {
      return value as CursorValue;
    }
  } catch {
    // Falls through to the message below.
  }
  throw invalidCursor();
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** An instant as `cursorText` writes it: UTC, microseconds. */
const instantPattern = /^(?!0000)\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** An instant that names a real moment (no 31 February): what JavaScript reads back is what was written. */
function realInstant(value: string): boolean {
  const milliseconds = `${value.slice(0, 23)}Z`;
  const at = Date.parse(milliseconds);
  return !Number.isNaN(at) && new Date(at).toISOString() === milliseconds;
}
const integerRange = { integer: 2_147_483_647n, bigint: 9_223_372_036_854_775_807n } as const;

/**
 * Whether one part of a cursor is a value of this SQL type, as `cursorText` writes it: a
 * cursor is the client's to send, and a forged one must be refused as invalid, never
 * reach the database as a failing cast.
 */
function fitsType(value: string, type: string): boolean {
  switch (type) {
    case "text":
      return !value.includes("\u0000");
    case "uuid":
      return uuidPattern.test(value);
    case "timestamptz":
      return value === "-infinity" || (instantPattern.test(value) && realInstant(value));
    case "integer":
    case "bigint": {
      if (!/^-?\d{1,19}$/.test(value)) return false;
      const number = BigInt(value);
      return number <= integerRange[type] && number >= -integerRange[type];
    }
    default:
      return false;
  }
}

/**
 * A value as text for a cursor, written by the database itself: timestamps in UTC with
 * their microseconds (a JavaScript Date keeps milliseconds, and a cursor a microsecond
 * off skips rows), text as the database computed it (its lower() is not JavaScript's).
 */
function cursorText(value: SQL | AnyColumn, type: string): SQL {
  if (type === "timestamptz") {
    return sql`case when isfinite(${value}) then to_char(${value} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') else (${value})::text end`;
  }
  return sql`(${value})::text`;
}

const defaultPageSize = 25;

/**
 * The WHERE, ORDER BY and LIMIT of one page, and `cursor`, the column each row's cursor
 * comes from (select it with the row). Going back (`before`/`last`) reads the rows in
 * reverse order; `pageOf` turns them round again.
 */
export function pageQuery(sort: SortKey, page: PageArgs) {
  const backwards = page.before !== undefined || page.last !== undefined;
  const size = (backwards ? page.last : page.first) ?? defaultPageSize;
  const cursor = page.after ?? page.before;
  const ascending = (sort.direction === "asc") !== backwards;
  const idType = sort.id.getSQLType();
  let where: SQL | undefined;
  if (cursor) {
    const [value, id] = decodeCursor(cursor);
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
  const cursorColumn = sql<string>`json_build_array(${cursorText(sort.key, sort.type)}, ${cursorText(sort.id, idType)})::text`;
  return { where, orderBy, limit: size + 1, size, backwards, cursor: cursorColumn };
}

/** The page's rows (in display order), where the next and previous pages start, and the list's total. */
export function pageOf<Row>(
  rows: { row: Row; cursor: string }[],
  query: { size: number; backwards: boolean },
  page: PageArgs,
  total: () => Promise<TotalCount>,
): Connection<Row> {
  const more = rows.length > query.size;
  const kept = rows.slice(0, query.size);
  if (query.backwards) kept.reverse();
  const first = kept[0];
  const last = kept.at(-1);
  const encode = (json: string) => Buffer.from(json).toString("base64url");
  return {
    nodes: kept.map((found) => found.row),
    pageInfo: {
      hasNextPage: query.backwards ? page.before !== undefined : more,
      hasPreviousPage: query.backwards ? more : page.after !== undefined,
      startCursor: first ? encode(first.cursor) : null,
      endCursor: last ? encode(last.cursor) : null,
    },
    total,
  };
}
