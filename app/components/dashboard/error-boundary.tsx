import { useContext, useEffect } from "react";
import { isRouteErrorResponse, Link, useLocation, useRouteError } from "react-router";
import { isChunkLoadError } from "../../lib/portal/build-update.ts";
import { visiblePages } from "../../lib/portal/nav.ts";
import { checkForNewBuild } from "../../lib/portal/build.ts";
import { mayReload } from "../../lib/portal/reload-guard.ts";
import { errorScreenFor } from "../../lib/route-error.ts";
import { buttonClasses } from "../ui/button.tsx";
import { PortalContext } from "./portal-context.tsx";

/**
 * A portal page that failed, inside the portal's own layout: the status, what went
 * wrong, and ways on. Spec §4 and §8: when the page's code could not be loaded (a new
 * deploy removed it), the page reloads by itself, at most once per path per 10 s; after
 * any other failed navigation, the portal looks for a newer build.
 */
export function DashboardErrorBoundary() {
  const error = useRouteError();
  const { pathname } = useLocation();
  const chunkError = isChunkLoadError(error);
  useEffect(() => {
    if (chunkError) {
      if (mayReload(pathname, sessionStorage)) window.location.reload();
      return;
    }
    if (!isRouteErrorResponse(error)) console.error(error);
    void checkForNewBuild();
  }, [error, chunkError, pathname]);
  // The page of the portal this address sits under (a mistyped users address leads to
  // Users), if the viewer has it.
  const portal = useContext(PortalContext);
  const nearest = portal
    ? visiblePages(portal.capabilities)
        .filter((page) => page.to !== "/dashboard" && page.to !== pathname && pathname.startsWith(`${page.to}/`))
        .sort((a, b) => b.to.length - a.to.length)[0]
    : undefined;
  const screen = chunkError
    ? {
        statusCode: 503,
        name: "This page could not be loaded",
        message: "The portal was updated while you had it open. Reload the page to get the new version.",
      }
    : errorScreenFor(error);
  return (
    <div className="grid max-w-2xl gap-4 py-8">
      <p className="text-base font-semibold text-bdblue-700 dark:text-bdblue-300" data-error-status>
        {screen.statusCode}
      </p>
      <h1 className="text-3xl font-bold tracking-tight">{screen.name}</h1>
      <p className="text-lg text-gray-700 dark:text-gray-300">{screen.message}</p>
      <div className="flex flex-wrap gap-3">
        {screen.statusCode >= 500 ? (
          // Something failed on the way: trying again is the useful first step.
          <button type="button" className={buttonClasses("primary", "lg")} onClick={() => window.location.reload()}>
            Reload the page
          </button>
        ) : null}
        {nearest ? (
          <Link to={nearest.to} className={buttonClasses(screen.statusCode >= 500 ? "secondary" : "primary", "lg")}>
            Go to {nearest.label}
          </Link>
        ) : null}
        <Link
          to="/dashboard"
          className={buttonClasses(screen.statusCode >= 500 || nearest ? "secondary" : "primary", "lg")}
        >
          Back to the dashboard
        </Link>
      </div>
    </div>
  );
}
