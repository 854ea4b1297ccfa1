import { Fragment, type ReactNode } from "react";
import { cn } from "../ui/cn.ts";
import { PlainHeader, SortHeader } from "./list.tsx";

/**
 * Where a column's cell goes on a phone (below 640 px), where a row is stacked rather
 * than laid out in columns: `primary` is the row's first line (its name, which opens
 * it), `aside` sits at the right of that line (a status, a time), `fact` joins the
 * short line of key facts under the name, `below` takes a line of its own under them
 * (what a change changed), and `hidden` is left for wider screens.
 */
export type PhonePlace = "primary" | "aside" | "fact" | "below" | "hidden";

export type Column<Row> = {
  id: string;
  header: string;
  /** A column the list can be sorted by: the URL's `sort` value, and which way it starts. */
  sort?: { key: string; defaultDirection?: "asc" | "desc" };
  phone: PhonePlace;
  cell: (row: Row) => ReactNode;
  /** How the cell reads in the phone's line of facts, when not as in its column ("Editor", "signed in 3 days ago"). */
  fact?: (row: Row) => ReactNode;
  className?: string;
};

/**
 * The one list pattern of the portal. A table on wider screens (14 px text, a header
 * that stays in view below the portal's bar, rows that are dense but easy to hit); on
 * a phone each row is stacked: the primary line with its aside, then the facts, so no
 * list ever scrolls sideways. The `primary` column is the row's header (`th scope=row`).
 * Rows may be grouped (the activity log by day): each group is its own `tbody`, named by
 * a header row whose cell heads the group's rows (`scope="rowgroup"`). With no rows it
 * shows `empty` in the table's place (an `EmptyList`, which never leaves a dead end).
 */
export function DataTable<Row>({
  caption,
  rows,
  rowKey,
  columns,
  sort,
  loading,
  groupBy,
  empty,
}: {
  caption: string;
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  columns: readonly Column<Row>[];
  sort?: { current: string; direction: "asc" | "desc" };
  loading: boolean;
  groupBy?: (row: Row) => string;
  empty: ReactNode;
}) {
  const groups = groupRows(rows, groupBy);
  const facts = columns.filter((column) => column.phone === "fact");
  const sortable = sort !== undefined && columns.some((column) => column.sort);
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-2">
      <p role="status" className="sr-only">
        {loading ? `Loading ${caption.toLowerCase()}…` : ""}
      </p>
      {rows.length === 0 ? (
        empty
      ) : (
        <div className="rounded-xl ring-1 ring-gray-200 dark:ring-gray-800">
          <table
            aria-busy={loading}
            className={cn(
              "w-full border-separate border-spacing-0 text-left text-sm [overflow-wrap:anywhere] max-sm:block",
              loading && "opacity-60",
            )}
          >
            <caption className="sr-only">{caption}</caption>
            {/* On a phone the header is a bar of the sortable columns only. */}
            <thead className={cn("text-gray-700 max-sm:block dark:text-gray-300", !sortable && "max-sm:hidden")}>
              <tr className="max-sm:flex max-sm:flex-wrap max-sm:gap-x-4 max-sm:rounded-t-xl max-sm:border-b max-sm:border-gray-200 max-sm:bg-gray-50 max-sm:px-4 dark:max-sm:border-gray-800 dark:max-sm:bg-gray-900">
                {columns.map((column, index) => {
                  const className = cn(
                    "sticky top-(--spacing-header) z-10 border-b border-gray-200 bg-gray-50 dark:border-gray-800 dark:bg-gray-900",
                    "max-sm:static max-sm:border-0 max-sm:bg-transparent max-sm:p-0",
                    index === 0 && "rounded-tl-xl pl-4",
                    index === columns.length - 1 && "rounded-tr-xl",
                    !column.sort && "max-sm:hidden",
                    column.className,
                  );
                  return column.sort && sort ? (
                    <SortHeader
                      key={column.id}
                      label={column.header}
                      sortKey={column.sort.key}
                      current={sort.current}
                      direction={sort.direction}
                      defaultDirection={column.sort.defaultDirection}
                      className={className}
                    />
                  ) : (
                    <PlainHeader key={column.id} className={className}>
                      {column.header}
                    </PlainHeader>
                  );
                })}
              </tr>
            </thead>
            {groups.map((group) => (
              <tbody key={group.name ?? "rows"} className="max-sm:block">
                {group.name ? (
                  <tr className="max-sm:block">
                    <th
                      scope="rowgroup"
                      colSpan={columns.length}
                      className="border-b border-gray-200 bg-white px-4 pt-4 pb-1 text-xs font-semibold tracking-wide text-gray-600 uppercase max-sm:block dark:border-gray-800 dark:bg-gray-950 dark:text-gray-400"
                    >
                      {group.name}
                    </th>
                  </tr>
                ) : null}
                {group.rows.map((row) => (
                  <tr
                    key={rowKey(row)}

                    className="align-top hover:bg-gray-50 max-sm:grid max-sm:grid-cols-[minmax(0,1fr)_auto] max-sm:gap-x-3 max-sm:px-4 max-sm:py-2.5 dark:hover:bg-gray-900/60 [&:not(:last-child)>*]:border-b [&>*]:border-gray-200 dark:[&>*]:border-gray-800 max-sm:[&:not(:last-child)]:border-b max-sm:[&:not(:last-child)]:border-gray-200 dark:max-sm:[&:not(:last-child)]:border-gray-800 max-sm:[&:not(:last-child)>*]:border-b-0"
                  >
                    {columns.map((column, index) => (
                      <Cell key={column.id} column={column} row={row} first={index === 0} facts={facts} />
                    ))}
                  </tr>
                ))}
              </tbody>
            ))}
          </table>
        </div>
      )}
    </div>
  );
}

const phoneClasses: Record<PhonePlace, string> = {
  primary: "max-sm:col-start-1 max-sm:row-start-1 max-sm:p-0",
  aside: "max-sm:col-start-2 max-sm:row-start-1 max-sm:p-0 max-sm:text-right",
  fact: "max-sm:hidden",
  below: "max-sm:col-span-2 max-sm:p-0",
  hidden: "max-sm:hidden",
};

function Cell<Row>({
  column,
  row,
  first,
  facts,
}: {
  column: Column<Row>;
  row: Row;
  first: boolean;
  facts: readonly Column<Row>[];
}) {
  const className = cn("py-2.5 pr-4", first && "pl-4", phoneClasses[column.phone], column.className);
  if (column.phone !== "primary") {
    return <td className={className}>{column.cell(row)}</td>;
  }
  return (
    <th scope="row" className={cn(className, "text-left font-normal")}>
      {column.cell(row)}
      {facts.length > 0 ? (
        // The facts again, on one line, for a phone (where their own cells are not shown).
        <span className="mt-0.5 block text-gray-700 sm:hidden dark:text-gray-300">
          {facts.map((fact, index) => (
            <Fragment key={fact.id}>
              {index > 0 ? <span aria-hidden="true"> · </span> : null}
              {(fact.fact ?? fact.cell)(row)}
            </Fragment>
          ))}
        </span>
      ) : null}
    </th>
  );
}

function groupRows<Row>(rows: readonly Row[], groupBy: ((row: Row) => string) | undefined) {
  if (!groupBy) return [{ name: null, rows }];
  const groups: { name: string; rows: Row[] }[] = [];
  for (const row of rows) {
    const name = groupBy(row);
    const last = groups.at(-1);
    if (last?.name === name) last.rows.push(row);
    else groups.push({ name, rows: [row] });
  }
  return groups;
}
