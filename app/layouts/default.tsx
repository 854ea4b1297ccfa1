import { Outlet } from "react-router";
import { SiteShell } from "../components/site/site-shell.tsx";
import { carriesAnalytics } from "../../shared/analytics.ts";
import { siteAnalyticsContext } from "../../shared/contracts/analytics-context.ts";
import { siteNoticesContext } from "../../shared/contracts/site-notices.ts";
import type { Route } from "./+types/default";

/**
 * The notices showing now and the analytics loaders that are on, when the server renders
 * the page; none while prerendering (the server puts them into the prerendered page as it
 * keeps it: ADR 029, 030). A page that carries the loaders' data block (a public page,
 * not the docs reader) tells the server, which then lets their hosts into this
 * response's CSP.
 */
export function loader({ context, url }: Route.LoaderArgs) {
  const box = context.get(siteAnalyticsContext);
  const analytics = box?.analytics && carriesAnalytics(url.pathname) ? box.analytics : null;
  if (box && analytics) box.placed = true;
  return { notices: context.get(siteNoticesContext), analytics };
}

/** Spec layout "default": header, notices, main, footer. Errors below it render inside it. */
export default function DefaultLayout({ loaderData }: Route.ComponentProps) {
  return (
    <SiteShell notices={loaderData.notices} analytics={loaderData.analytics}>
      <Outlet />
    </SiteShell>
  );
}

export { ErrorBoundary } from "../components/site/route-error-boundary.tsx";
