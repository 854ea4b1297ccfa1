import { Outlet } from "react-router";
import { SiteShell } from "../components/site/site-shell.tsx";
import { siteNoticesContext } from "../lib/site-notices.ts";
import type { Route } from "./+types/default";

/**
 * The notices showing now, when the server renders the page; none while prerendering
 * (the server puts them into the prerendered page as it keeps it: ADR 029).
 */
export function loader({ context }: Route.LoaderArgs) {
  return { notices: context.get(siteNoticesContext) };
}

/** Spec layout "default": header, notices, main, footer. Errors below it render inside it. */
export default function DefaultLayout({ loaderData }: Route.ComponentProps) {
  return (
    <SiteShell notices={loaderData.notices}>
      <Outlet />
    </SiteShell>
  );
}

export { ErrorBoundary } from "../components/site/route-error-boundary.tsx";
