import { and, eq, getTableColumns, inArray, sql, type Column, type SQL } from "drizzle-orm";
import type { PgSelectBase, PgSelectWithout, PgTable, SelectedFields } from "drizzle-orm/pg-core";
import type { Database } from "../../db/client.ts";
import { constraintViolation, type ReadDatabase } from "./database.ts";
import { ConflictError, ForbiddenError, NotFoundError, ValidationError, type FieldMessages } from "./errors.ts";
import {
  pageOf,
  pageQuery,
  totalCountLimit,
  type Connection,
  type PageArgs,
  type SortKey,
  type TotalCount,
} from "./pagination.ts";

/** The row an update or delete is about, and for a versioned table the version the caller read. */
export type Target<Row> = Row extends { version: number } ? { id: string; version: number } : { id: string };

/** A unique index or foreign key a write may break, and the field messages it becomes. */
export type Constraints<Insert> = Readonly<
  Record<string, (values: { [Column in keyof Insert]?: Insert[Column] }) => FieldMessages>
>;

/** What the helpers need to know of a table: its key, and whether it carries a version. */
export type TableShape = {
  key: Column;
  /** The key's property name on a row. */
  keyProperty: string;
  version: Column | undefined;
  updatedAt: Column | undefined;
};

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A table's key is its primary key column; a column named `version` makes it versioned
 * (every change adds one, and a change names the version it starts from), and
 * `updatedAt` is set at every change.
 */
export function shapeOf(table: PgTable): TableShape {
  const columns: Record<string, Column> = getTableColumns(table);
  const keys = Object.entries(columns).filter(([, column]) => column.primary);
  const [entry] = keys;
  if (!entry || keys.length > 1) throw new Error("an entity's table needs a primary key of one column");
  const [keyProperty, key] = entry;
  return { key, keyProperty, version: columns.version, updatedAt: columns.updatedAt };
}

type RowsOptions<T extends PgTable> = {
  table: T;
  shape: TableShape;
  /** The access rule's filter for this actor and operation, or undefined for every row. */
  filter: SQL | undefined;
  notFound: string;
  label: (row: T["$inferSelect"]) => string;
};

/** A SELECT from an entity's table whose WHERE is already given (drizzle allows no second one). */
export type FilteredSelect<T extends PgTable, Fields extends SelectedFields> = PgSelectWithout<
  PgSelectBase<T["_"]["name"], Fields, "partial">,
  false,
  "where"
>;

/**
 * Reading an entity's rows, always within the rule's filter: a row outside it is "not
 * found", exactly as a missing one. Lists build on `select`, whose WHERE already holds
 * the filter and cannot be replaced.
 */
export function readRows<T extends PgTable>(db: ReadDatabase, options: RowsOptions<T>) {
  type Row = T["$inferSelect"];
  const { shape, filter, notFound } = options;
  // Drizzle's builders cannot follow a table whose type is a parameter; the results are typed below.
  const table: PgTable = options.table;
  const within = (...conditions: (SQL | undefined)[]): SQL | undefined => and(filter, ...conditions);
  const keyIs = (id: string): SQL | undefined => {
    // A key column of type uuid compares with a uuid only; anything else names no row.
    if (shape.key.getSQLType() === "uuid" && !uuidPattern.test(id)) return sql`false`;
    return eq(shape.key, id);
  };
  return {
    /** The row with this key, within the filter; NotFoundError otherwise. */
    async find(id: string): Promise<Row> {
      const [row] = (await db
        .select()
        .from(table)
        .where(within(keyIs(id)))
        .limit(1)) as Row[];
      if (!row) throw new NotFoundError(notFound);
      return row;
    },
    /** The row with this key within the filter, or undefined (a row that may not exist yet). */
    async findOptional(id: string): Promise<Row | undefined> {
      const [row] = (await db
        .select()
        .from(table)
        .where(within(keyIs(id)))
        .limit(1)) as Row[];
      return row;
    },
    /** The rows with these keys, leaving out those outside the filter. */
    async findMany(ids: readonly string[]): Promise<Row[]> {
      const keys = shape.key.getSQLType() === "uuid" ? ids.filter((id) => uuidPattern.test(id)) : [...ids];
      if (keys.length === 0) return [];
      return await db
        .select()
        .from(table)
        .where(within(inArray(shape.key, keys)));
    },
    /** A SELECT of these fields from the entity's table, its WHERE the filter and these conditions. */
    select<Fields extends SelectedFields>(
      fields: Fields,
      ...conditions: (SQL | undefined)[]
    ): FilteredSelect<T, Fields> {
      return db
        .select(fields)
        .from(table)
        .where(within(...conditions)) as unknown as FilteredSelect<T, Fields>;
    },
    /**
     * How many rows the filter and these conditions leave, up to `totalCountLimit` (a
     * list's total: pass the conditions of its page, without the cursor's).
     */
    async count(...conditions: (SQL | undefined)[]): Promise<TotalCount> {
      const counted = db
        .select({ one: sql`1` })
        .from(table)
        .where(within(...conditions))
        .limit(totalCountLimit + 1)
        .as("counted");
      const [row] = await db.select({ rows: sql<number>`count(*)::int` }).from(counted);
      const rows = row?.rows ?? 0;
      return { count: Math.min(rows, totalCountLimit), more: rows > totalCountLimit };
    },
    /**
     * One page of the entity's rows, in this order, within the filter and these
     * conditions, with the list's total (counted when asked): what every list operation returns.
     */
    async page(sort: SortKey, page: PageArgs, ...conditions: (SQL | undefined)[]): Promise<Connection<Row>> {
      const query = pageQuery(sort, page);
      const rows = (await db
        .select({ row: table, cursor: query.cursor })
        .from(table)
        .where(within(query.where, ...conditions))
        .orderBy(...query.orderBy)
        .limit(query.limit)) as { row: Row; cursor: string }[];
      // A first (or last) page that is not full holds the whole list: its length is the
      // total. Otherwise the count is asked for only when the total is (and then once).
      const whole = page.after === undefined && page.before === undefined && rows.length <= query.size;
      let counted: Promise<TotalCount> | undefined;
      const total = whole
        ? () => Promise.resolve({ count: rows.length, more: false })
        : () => (counted ??= this.count(...conditions));
      return pageOf(rows, query, page, total);
    },
    keyIs,
    within,
  };
}

export type RowReader<T extends PgTable> = ReturnType<typeof readRows<T>>;

/** Changing an entity's rows: every update and delete stays within the filter and, when versioned, checks the version. */
export function writeRows<T extends PgTable>(
  tx: Database,
  options: RowsOptions<T> & { now: Date; constraints: Constraints<T["$inferInsert"]> },
) {
  type Row = T["$inferSelect"];
  type Insert = T["$inferInsert"];
  /** Some of a row's columns (written as a mapped type: drizzle's generic table has no columns to show here). */
  type Changes = { [Column in keyof Insert]?: Insert[Column] };
  const { shape, filter, notFound, label, now, constraints } = options;
  const table: PgTable = options.table;
  const reader = readRows(tx, options);
  const { within, keyIs } = reader;

  function refused(error: unknown, values: Changes): never {
    const violation = constraintViolation(error);
    const messages = violation ? constraints[violation.constraint] : undefined;
    if (messages) throw new ValidationError(messages(values));
    throw error;
  }

  /** After a change that found no row: the row moved on (a conflict), or it is not there for this actor. */
  async function missedChange(target: { id: string }): Promise<never> {
    const current = await reader.findOptional(target.id);
    if (!current) throw new NotFoundError(notFound);
    throw new ConflictError(
      `${label(current)} was changed by someone else while you were editing. Reload to see the latest, then try again.`,
    );
  }

  function atVersion(target: { id: string; version?: number }): (SQL | undefined)[] {
    if (!shape.version) return [keyIs(target.id)];
    if (typeof target.version !== "number") throw new Error("a change to a versioned row must name its version");
    return [keyIs(target.id), eq(shape.version, target.version)];
  }

  return {
    ...reader,
    /** Adds a row; under a filtering rule, a row outside the filter is refused (and the transaction undone). */
    async insert(values: Insert): Promise<Row> {
      const [row] = (await tx
        .insert(table)
        .values(values)
        .returning()
        .catch((error: unknown) => refused(error, values))) as Row[];
      if (!row) throw new Error("the database did not return the new row");
      if (filter && !(await reader.findOptional(String(row[shape.keyProperty as keyof Row])))) {
        throw new ForbiddenError("Your role does not allow you to add this.");
      }
      return row;
    },
    /** Changes one row at the version the caller read, adding one to it; a stale version is a conflict, never an overwrite. */
    async update(target: Target<Row>, changes: Changes): Promise<Row> {
      const set: Record<string, unknown> = { ...changes };
      if (shape.version) set.version = sql`${shape.version} + 1`;
      if (shape.updatedAt) set.updatedAt = now;
      const rows = (await tx
        .update(table)
        .set(set)
        .where(within(...atVersion(target)))
        .returning()
        .catch((error: unknown) => refused(error, changes))) as Row[];
      return rows[0] ?? missedChange(target);
    },
    /** Deletes one row at the version the caller read. */
    async remove(target: Target<Row>): Promise<Row> {
      const rows = (await tx
        .delete(table)
        .where(within(...atVersion(target)))
        .returning()) as Row[];
      return rows[0] ?? missedChange(target);
    },
  };
}

export type RowWriter<T extends PgTable> = ReturnType<typeof writeRows<T>>;
