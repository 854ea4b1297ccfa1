import { isRouteErrorResponse, useRouteError } from "react-router";
import { errorScreenFor } from "../../lib/route-error.ts";
import { SkipLink } from "./skip-link.tsx";
import { ErrorScreen } from "./error-screen.tsx";

/**
 * The error screen on its own, for failures above the page layouts (the document, or the
 * portal's layout before it knows who is signed in). It stays small: the portal loads it
 * with every page.
 */
export function PlainErrorBoundary() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <>
      <SkipLink />
      <main id="main" tabIndex={-1} className="focus:outline-none">
        <ErrorScreen screen={errorScreenFor(error)} />
      </main>
    </>
  );
}
