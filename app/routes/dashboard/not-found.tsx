import { DashboardErrorBoundary } from "../../components/dashboard/error-boundary.tsx";
import { notFound } from "../../lib/route-error.ts";
import type { Route } from "./+types/not-found";

/** Portal paths without a page (yet): the spec's 404, inside the portal's layout. */
export function loader({ url }: Route.LoaderArgs): never {
  throw notFound(url);
}

export default function DashboardNotFound() {
  return null;
}

export { DashboardErrorBoundary as ErrorBoundary };
