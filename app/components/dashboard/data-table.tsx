import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import { Fragment, useId, type ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { withParams } from "../../lib/list-params.ts";
import { cn } from "../ui/cn.ts";

/**
 * Where a column's cell goes when the table is stacked (narrower than 48rem: a phone, or
 * a window zoomed to 200%): `primary` is the row's first line (its name, which opens it;
 * always the first column), `aside` sits at the right of that line (a status, a time),
 * `fact` joins the short line of key facts under the name, `below` goes under them (what a
 * change changed, the row's actions), and `hidden` is left for wider tables.
 */
type PhonePlace = "primary" | "aside" | "fact" | "below" | "hidden";

export type Column<Row> = {
  id: string;
  header: string;
  /** A column the list can be sorted by: the URL's `sort` value, and which way it starts. */
  sort?: { key: string; defaultDirection?: "asc" | "desc" };
  phone: PhonePlace;
  cell: (row: Row) => ReactNode;
  /** How the cell reads in the phone's line of facts, when not as in its column ("Editor", "signed in 3 days ago"). */
  fact?: (row: Row) => ReactNode;
  /** How a `below` cell reads under the row's name, when not as in its column. */
  below?: (row: Row) => ReactNode;
  /**
   * A `below` column that needs a wide table (a row's several actions): under 60rem it
   * goes under the name too, so that it never wraps inside a squeezed column.
   */
  wide?: boolean;
  className?: string;
};

/**
 * The one list pattern of the portal: a real table at every width, whose semantics never
 * depend on CSS (no element of it changes its `display`, so no browser drops its roles).
 * Wide, it is a dense table (14 px text, a header that stays in view below the portal's
 * bar). Stacked (under 48rem of its own width, whatever the window), it shows two
 * columns: the row's header, which holds the name, the facts line and what goes below,
 * and the aside (a status); the other columns leave the table (header and cells alike,
 * so every cell still sits under its own header), and a bar above it sorts by any
 * sortable column. The `primary` column is the row's header (`th scope=row`). Rows may be
 * grouped (the activity log by day): each group is its own `tbody`, named by a header row
 * whose cell heads the group's rows (`scope="rowgroup"`). With no rows it shows `empty`
 * in the table's place (an `EmptyList`, which never leaves a dead end).
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
  const sortable = sort ? columns.filter((column) => column.sort) : [];
  return (
    <div className="@container/data-table grid grid-cols-[minmax(0,1fr)] gap-2">
      <p role="status" className="sr-only">
        {loading ? `Loading ${caption.toLowerCase()}…` : ""}
      </p>
      {rows.length === 0 ? (
        empty
      ) : (
        // Clipped rather than scrolled: a scrolling frame would hold the sticky header.
        <div className="overflow-clip rounded-xl ring-1 ring-gray-200 dark:ring-gray-800">
          {sort && sortable.length > 0 ? <StackedSortBar caption={caption} columns={sortable} sort={sort} /> : null}
          <table
            aria-busy={loading}
            className={cn("w-full border-separate border-spacing-0 text-left text-sm", loading && "opacity-60")}
          >
            <caption className="sr-only">{caption}</caption>
            <thead className="text-gray-700 dark:text-gray-300">
              <tr>
                {columns.map((column, index) => (
                  <Header key={column.id} column={column} first={index === 0} sort={sort} />
                ))}
              </tr>
            </thead>
            {groups.map((group) => (
              <tbody key={group.name ?? "rows"}>
                {group.name ? (
                  <tr>
                    <th
                      scope="rowgroup"
                      colSpan={columns.length}
                      className="border-b border-gray-200 bg-white px-4 pt-4 pb-1 text-xs font-semibold tracking-wide text-gray-600 uppercase dark:border-gray-800 dark:bg-gray-950 dark:text-gray-400"
                    >
                      {group.name}
                    </th>
                  </tr>
                ) : null}
                {group.rows.map((row) => (
                  <tr
                    key={rowKey(row)}
                    className="align-top hover:bg-gray-50 dark:hover:bg-gray-900/60 [&:not(:last-child)>*]:border-b [&>*]:border-gray-200 dark:[&>*]:border-gray-800"
                  >
                    {columns.map((column, index) => (
                      <Cell key={column.id} column={column} row={row} first={index === 0} columns={columns} />
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

/**
 * Which cells a stacked table keeps, and how they sit. The aside's cell keeps its place in
 * the row (and under its header) with no width of its own: its content hangs at the top
 * right of the row, over a space the row's header keeps free for it (an unseen copy), so
 * that the name, the facts and what goes below use the row's whole width.
 */
const stackedClasses: Record<PhonePlace, string> = {
  primary: "",
  aside: "stacked:relative stacked:w-0 stacked:p-0",
  fact: "stacked:hidden",
  below: "stacked:hidden",
  hidden: "stacked:hidden",
};

/** The aside's content, placed by its cell in a stacked table (at the top right of the row). */
function AsideContent({ children, top }: { children: ReactNode; top: string }) {
  return <div className={cn("stacked:absolute stacked:right-4 stacked:w-max stacked:text-right", top)}>{children}</div>;
}

function placeClasses<Row>(column: Column<Row>): string {
  return cn(stackedClasses[column.phone], column.wide && "narrow:hidden");
}

/**
 * A column's header. A header's words never break inside themselves (the cells below
 * may). A sortable one is a link that sorts by it; when the table is stacked, the bar
 * above the table sorts, and the header is only its name.
 */
function Header<Row>({
  column,
  first,
  sort,
}: {
  column: Column<Row>;
  first: boolean;
  sort?: { current: string; direction: "asc" | "desc" };
}) {
  const direction = column.sort && sort?.current === column.sort.key ? sort.direction : undefined;
  const label =
    column.sort && sort ? (
      <>
        <SortLink
          label={column.header}
          sortKey={column.sort.key}
          defaultDirection={column.sort.defaultDirection}
          sort={sort}
          className="stacked:hidden"
        />
        <span className="hidden stacked:inline">{column.header}</span>
      </>
    ) : (
      column.header
    );
  return (
    <th
      scope="col"
      aria-sort={direction ? (direction === "asc" ? "ascending" : "descending") : undefined}
      className={cn(
        "sticky top-(--spacing-header) z-10 border-b border-gray-200 bg-gray-50 py-2 pr-4 font-semibold [overflow-wrap:normal] dark:border-gray-800 dark:bg-gray-900",
        column.phone === "aside" ? "" : "stacked:static",
        "stacked:top-auto stacked:py-1.5 stacked:text-xs",
        first && "pl-4",
        placeClasses(column),
        column.className,
      )}
    >
      {column.phone === "aside" ? <AsideContent top="stacked:top-1.5">{label}</AsideContent> : label}
    </th>
  );
}

/** The sort links of a stacked table, whose header shows only the columns it keeps. */
function StackedSortBar<Row>({
  caption,
  columns,
  sort,
}: {
  caption: string;
  columns: readonly Column<Row>[];
  sort: { current: string; direction: "asc" | "desc" };
}) {
  const label = useId();
  return (
    <div
      role="group"
      aria-labelledby={label}
      className="hidden flex-wrap items-center gap-x-4 border-b border-gray-200 bg-gray-50 px-4 text-sm text-gray-700 stacked:flex dark:border-gray-800 dark:bg-gray-900 dark:text-gray-300"
    >
      <span id={label} className="font-normal">
        <span className="sr-only">{caption}: </span>Sort by
      </span>
      {columns.map((column) =>
        column.sort ? (
          <SortLink
            key={column.id}
            label={column.header}
            sortKey={column.sort.key}
            defaultDirection={column.sort.defaultDirection}
            sort={sort}
            className="font-semibold"
          />
        ) : null,
      )}
    </div>
  );
}

/** A link that sorts the list by a column; a second click turns the order round. */
function SortLink({
  label,
  sortKey,
  defaultDirection = "asc",
  sort: { current, direction },
  className,
}: {
  label: string;
  sortKey: string;
  defaultDirection?: "asc" | "desc";
  sort: { current: string; direction: "asc" | "desc" };
  className?: string;
}) {
  const { search, pathname } = useLocation();
  const active = current === sortKey;
  const next = active ? (direction === "asc" ? "desc" : "asc") : defaultDirection;
  const Icon = active ? (direction === "asc" ? ArrowUp : ArrowDown) : ArrowUpDown;
  const words = { asc: "ascending", desc: "descending" } as const;
  // The column's name stays its visible label (WCAG 2.5.3); the order is said after it.
  const name = `${label}${active ? `, sorted ${words[direction]}` : ""}, sort ${words[next]}`;
  return (
    <Link
      to={`${pathname}${withParams(search, { sort: sortKey, direction: next, after: null, before: null })}`}
      className={cn("inline-flex min-h-11 items-center gap-1 rounded hover:underline", className)}
      aria-label={name}
      preventScrollReset
    >
      {label}
      <Icon aria-hidden="true" className={cn("size-4 shrink-0", active ? "" : "text-gray-500 dark:text-gray-400")} />
    </Link>
  );
}

function Cell<Row>({
  column,
  row,
  first,
  columns,
}: {
  column: Column<Row>;
  row: Row;
  first: boolean;
  columns: readonly Column<Row>[];
}) {
  // Long words (an address, an email) may break in a cell, so that a column never pushes the table wider.
  const className = cn("py-2.5 pr-4 [overflow-wrap:anywhere]", first && "pl-4", placeClasses(column), column.className);
  if (column.phone === "aside") {
    return (
      <td className={className}>
        <AsideContent top="stacked:top-2.5">{column.cell(row)}</AsideContent>
      </td>
    );
  }
  if (column.phone !== "primary") {
    return <td className={className}>{column.cell(row)}</td>;
  }
  const aside = columns.find((other) => other.phone === "aside");
  const facts = columns.filter((other) => other.phone === "fact");
  const below = columns.filter((other) => other.phone === "below");
  return (
    <th scope="row" className={cn(className, "text-left font-normal")}>
      {aside ? (
        // The aside's space in a stacked row: its content again, unseen (hidden from
        // everyone, focus included), so that the name's lines wrap beside it.
        <div className="invisible float-right ml-3 hidden w-max stacked:block">{aside.cell(row)}</div>
      ) : null}
      {column.cell(row)}
      {facts.length > 0 ? (
        // The facts again, on one line, for a stacked table (where their own cells are not shown).
        <span className="mt-0.5 hidden text-gray-700 stacked:block dark:text-gray-300">
          {facts.map((fact, index) => (
            <Fragment key={fact.id}>
              {index > 0 ? (
                <>
                  {/* Seen as a dot, heard as a pause. */}
                  <span aria-hidden="true"> · </span>
                  <span className="sr-only">, </span>
                </>
              ) : null}
              {(fact.fact ?? fact.cell)(row)}
            </Fragment>
          ))}
        </span>
      ) : null}
      {below.map((other) => {
        const content = (other.below ?? other.cell)(row);
        return content === null ? null : (
          <div key={other.id} className={cn("mt-1 hidden stacked:block", other.wide && "narrow:block")}>
            {content}
          </div>
        );
      })}
    </th>
  );
}

function groupRows<Row>(rows: readonly Row[], groupBy: ((row: Row) => string) | undefined) {
  const groups: { name: string | null; rows: Row[] }[] = [];
  if (!groupBy) return [{ name: null, rows: [...rows] }];
  for (const row of rows) {
    const name = groupBy(row);
    const last = groups.at(-1);
    if (last?.name === name) last.rows.push(row);
    else groups.push({ name, rows: [row] });
  }
  return groups;
}
