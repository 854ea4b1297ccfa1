import { Outlet } from "react-router";
import { SiteShell } from "../components/site/site-shell.tsx";

/** Spec layout "default": header, main, footer. Errors below it render inside it. */
export default function DefaultLayout() {
  return (
    <SiteShell>
      <Outlet />
    </SiteShell>
  );
}

export { ErrorBoundary } from "../components/site/route-error-boundary.tsx";
