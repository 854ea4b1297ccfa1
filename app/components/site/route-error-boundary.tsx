import { isRouteErrorResponse, useRouteError, useRouteLoaderData } from "react-router";
import type { SiteAnalytics } from "../../../shared/analytics.ts";
import type { SiteNotices } from "../../../shared/contracts/site-notices.ts";
import { errorScreenFor } from "../../lib/route-error.ts";
import { ErrorScreen } from "./error-screen.tsx";
import { SiteShell } from "./site-shell.tsx";

/**
 * A failed route shows the error screen with the site's header and footer
 * (spec §2: the screen also loads the site navigation and the search index).
 */
export function ErrorBoundary() {
  const error = useRouteError();
  // The layout's own loader ran (a page below it failed): its notices show on the error screen too.
  const layout = useRouteLoaderData<{ notices: SiteNotices | null; analytics: SiteAnalytics | null }>(
    "layouts/default",
  );
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <SiteShell notices={layout?.notices ?? null} analytics={layout?.analytics ?? null}>
      <ErrorScreen screen={errorScreenFor(error)} />
    </SiteShell>
  );
}
