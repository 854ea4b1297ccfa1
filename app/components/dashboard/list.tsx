import { ArrowDown, ArrowUp, ArrowUpDown, ChevronLeft, ChevronRight } from "lucide-react";
import { useId, type ReactNode } from "react";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { withParams } from "../../lib/list-params.ts";
import { buttonClasses } from "../ui/button.tsx";
import { cn } from "../ui/cn.ts";

/** A list's filters: a GET form, so the filters land in the URL; applying them starts again from page 1. */
export function ListFilters({ children, label }: { children: ReactNode; label: string }) {
  const { search, pathname } = useLocation();
  const params = new URLSearchParams(search);
  const active = [...params.keys()].some((key) => !["sort", "direction", "after", "before"].includes(key));
  return (
    <Form method="get" role="search" aria-label={label} className="flex flex-wrap items-end gap-3">
      {children}
      {["sort", "direction"].map((name) => {
        const value = params.get(name);
        return value ? <input key={name} type="hidden" name={name} value={value} /> : null;
      })}
      <button type="submit" className={buttonClasses("primary", "md")}>
        Apply
      </button>
      {active ? (
        <Link
          to={`${pathname}${withParams("", { sort: params.get("sort"), direction: params.get("direction") })}`}
          className={buttonClasses("ghost", "md")}
        >
          Clear filters
        </Link>
      ) : null}
    </Form>
  );
}

const fieldClasses =
  "min-h-11 rounded-lg border border-gray-500 bg-white px-3 text-base text-gray-950 dark:border-gray-500 dark:bg-gray-900 dark:text-white";

export function SearchField({ label, defaultValue }: { label: string; defaultValue: string | undefined }) {
  const id = useId();
  return (
    <div className="grid min-w-48 flex-1 gap-1">
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      <input
        id={id}
        type="search"
        name="q"
        defaultValue={defaultValue ?? ""}
        maxLength={100}
        // Its own width (about 20 characters) must not push it past its column into the next field.
        className={cn(fieldClasses, "w-full min-w-0")}
      />
    </div>
  );
}

export function SelectField({
  label,
  name,
  options,
  defaultValue,
  anyLabel,
}: {
  label: string;
  name: string;
  options: readonly { value: string; label: string }[];
  defaultValue: string | undefined;
  anyLabel?: string;
}) {
  const id = useId();
  return (
    // A long option (an action's name) must not make the form wider than a small screen.
    <div className="grid max-w-full min-w-0 gap-1">
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      <select id={id} name={name} defaultValue={defaultValue ?? ""} className={cn(fieldClasses, "w-full max-w-full")}>
        {anyLabel ? <option value="">{anyLabel}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export function DateField({
  label,
  name,
  defaultValue,
}: {
  label: string;
  name: string;
  defaultValue: string | undefined;
}) {
  const id = useId();
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      <input id={id} type="date" name={name} defaultValue={defaultValue ?? ""} className={fieldClasses} />
    </div>
  );
}

/** A column header that sorts the list by its column; a second click turns the order round. */
export function SortHeader({
  label,
  sortKey,
  current,
  direction,
  defaultDirection = "asc",
  className,
}: {
  label: string;
  sortKey: string;
  current: string;
  direction: "asc" | "desc";
  defaultDirection?: "asc" | "desc";
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
    <th
      scope="col"
      aria-sort={active ? (direction === "asc" ? "ascending" : "descending") : undefined}
      className={cn("py-2 pr-4 font-semibold", className)}
    >
      <Link
        to={`${pathname}${withParams(search, { sort: sortKey, direction: next, after: null, before: null })}`}
        className="inline-flex min-h-11 items-center gap-1 rounded hover:underline"
        aria-label={name}
        preventScrollReset
      >
        {label}
        <Icon aria-hidden="true" className={cn("size-4", active ? "" : "text-gray-500 dark:text-gray-400")} />
      </Link>
    </th>
  );
}

export function PlainHeader({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <th scope="col" className={cn("py-2 pr-4 font-semibold", className)}>
      {children}
    </th>
  );
}

/** Previous and next pages, by cursor; the links keep the filters and the sort. A direction with no page is left out. */
export function Pagination({
  pageInfo,
  label,
}: {
  pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null };
  label: string;
}) {
  const { search, pathname } = useLocation();
  const previous = pageInfo.hasPreviousPage && pageInfo.startCursor;
  const next = pageInfo.hasNextPage && pageInfo.endCursor;
  if (!previous && !next) return null;
  const linkClasses = buttonClasses("secondary", "md");
  return (
    <nav aria-label={`${label} pages`} className="flex flex-wrap justify-between gap-3">
      {previous ? (
        <Link to={`${pathname}${withParams(search, { before: previous, after: null })}`} className={linkClasses}>
          <ChevronLeft aria-hidden="true" className="size-4" /> Previous page
        </Link>
      ) : (
        <span />
      )}
      {next ? (
        <Link to={`${pathname}${withParams(search, { after: next, before: null })}`} className={linkClasses}>
          Next page <ChevronRight aria-hidden="true" className="size-4" />
        </Link>
      ) : null}
    </nav>
  );
}

/** Said when a list has no rows: why, and what to do next. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="grid justify-items-center gap-3 rounded-2xl border border-dashed border-gray-400 p-10 text-center dark:border-gray-600">
      <p className="text-lg font-semibold">{title}</p>
      {children ? (
        <div className="grid justify-items-center gap-3 text-base text-gray-700 dark:text-gray-300">{children}</div>
      ) : null}
    </div>
  );
}

/**
 * A list with no rows: filtered, it says nothing matches and offers to clear the filters
 * (no dead end); unfiltered, `children` says how to make the first one.
 */
export function EmptyList({
  filtered,
  title,
  children,
}: {
  filtered: boolean;
  title: { filtered: string; empty: string };
  children: ReactNode;
}) {
  const { pathname } = useLocation();
  return (
    <EmptyState title={filtered ? title.filtered : title.empty}>
      {filtered ? (
        <Link to={pathname} className="font-semibold text-bdblue-700 underline dark:text-bdblue-300">
          Clear the filters
        </Link>
      ) : (
        <p>{children}</p>
      )}
    </EmptyState>
  );
}

/**
 * The list while its next rows load: the table is marked busy and dimmed, and a
 * polite status says so. It is shown only for navigations within this page.
 */
export function useListLoading(): boolean {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  return navigation.state === "loading" && navigation.location.pathname === pathname;
}

export function ListTable({ caption, loading, children }: { caption: string; loading: boolean; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-2">
      <p role="status" className="sr-only">
        {loading ? `Loading ${caption.toLowerCase()}…` : ""}
      </p>
      {/* relative: visually hidden text inside the table stays inside its scroll box. */}
      <div className="relative overflow-x-auto rounded-xl ring-1 ring-gray-200 dark:ring-gray-800">
        <table aria-busy={loading} className={cn("w-full min-w-[40rem] text-left text-base", loading && "opacity-60")}>
          <caption className="sr-only">{caption}</caption>
          {children}
        </table>
      </div>
    </div>
  );
}
