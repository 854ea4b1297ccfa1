import { ChevronRight } from "lucide-react";
import { Link, useLocation } from "react-router";
import { pageFor } from "../../lib/portal/nav.ts";

/**
 * Where the page sits in the portal: Dashboard › the page. Only real pages are links. On
 * a phone only the page's own name shows, whole (the menu leads back to the rest).
 */
export function Breadcrumbs() {
  const { pathname } = useLocation();
  const page = pageFor(pathname);
  const crumbs = [{ label: "Dashboard", to: "/dashboard" }];
  if (page && page.to !== "/dashboard") crumbs.push({ label: page.label, to: page.to });
  return (
    <nav aria-label="Breadcrumb" className="min-w-0">
      <ol className="flex items-center gap-1 text-base">
        {crumbs.map((crumb, index) => {
          const last = index === crumbs.length - 1;
          return (
            <li key={crumb.to} className={`flex min-w-0 items-center gap-1 ${last ? "" : "max-sm:hidden"}`}>
              {index > 0 ? (
                <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-gray-500 max-sm:hidden" />
              ) : null}
              {last ? (
                <span aria-current="page" className="truncate font-semibold">
                  {crumb.label}
                </span>
              ) : (
                <Link
                  to={crumb.to}
                  className="truncate text-gray-700 underline-offset-2 hover:underline dark:text-gray-300"
                >
                  {crumb.label}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
