import { isRouteErrorResponse, useRouteError } from "react-router";
import { errorScreenFor } from "../../lib/route-error.ts";
import { ErrorScreen } from "./error-screen.tsx";
import { SiteShell } from "./site-shell.tsx";

/**
 * A failed route shows the error screen with the site's header and footer
 * (spec §2: the screen also loads the site navigation and the search index).
 */
export function ErrorBoundary() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <SiteShell>
      <ErrorScreen screen={errorScreenFor(error)} />
    </SiteShell>
  );
}
