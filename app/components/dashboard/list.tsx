import { ChevronLeft, ChevronRight } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useLocation, useNavigation } from "react-router";
import { withParams } from "../../lib/list-params.ts";
import { readPageFields, type PageFieldsRef } from "../../lib/portal/page-fields.ts";
import { alertClasses } from "../ui/alert.ts";
import { buttonClasses } from "../ui/button.tsx";

/** Previous and next pages, by cursor; the links keep the filters and the sort. A direction with no page is left out. */
export function Pagination({ pageInfo: page, label }: { pageInfo: PageFieldsRef; label: string }) {
  const { search, pathname } = useLocation();
  const pageInfo = readPageFields(page);
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

/**
 * What the page could not load (the row the URL opens in the panel, say), said where the
 * panel would be, as an alert; nothing when there is no message.
 */
export function ListAlert({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className={alertClasses.error}>
      {message}
    </p>
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
