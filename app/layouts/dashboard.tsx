import { setNonce } from "get-nonce";
import { useEffect } from "react";
import { Outlet, redirectDocument, type ShouldRevalidateFunctionArgs } from "react-router";
import { DashboardShell } from "../components/dashboard/shell.tsx";
import { toast } from "../components/dashboard/toaster.tsx";
import { appConfigContext } from "../../shared/contracts/app-config.ts";
import { requestAuthContext } from "../../shared/contracts/auth-context.ts";
import { arrivingFlash } from "../../shared/contracts/flash.ts";
import { newBuildReady } from "../lib/portal/build.ts";
import { loadPortal, portalOf } from "../lib/portal/context.server.ts";
import { mayReload } from "../lib/portal/reload-guard.ts";
import type { Route } from "./+types/dashboard";

/**
 * The portal: a React app that hydrates, in its own layout. Every page below needs a
 * signed-in user (spec §2); the middleware runs before any loader or action, so a
 * signed-out request, `.data` ones included, never reaches portal data. It also reads who
 * the viewer is and what they may do, once, for this layout and every page's own checks.
 */
export const middleware: Route.MiddlewareFunction[] = [loadPortal];

/**
 * Spec §4: once a newer build is out, the next navigation loads the whole page (at most
 * once per path per 10 s), so the tab picks up the new code.
 */
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [
  async ({ request }, next) => {
    if (request.method === "GET" && newBuildReady()) {
      const url = new URL(request.url);
      if (mayReload(url.pathname, sessionStorage)) throw redirectDocument(`${url.pathname}${url.search}`);
    }
    await next();
  },
];

export function loader({ context }: Route.LoaderArgs) {
  const { viewer, capabilities, notices } = portalOf(context);
  return {
    viewer,
    version: viewer.version,
    capabilities,
    notices,
    csrfToken: context.get(requestAuthContext).csrfToken ?? "",
    flash: arrivingFlash(context),
    buildPollMs: context.get(appConfigContext).buildPollMs,
  };
}

/** The layout's data changes only when something was written (a form was sent); plain navigation keeps it. */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod !== undefined && formMethod !== "GET" ? defaultShouldRevalidate : false;
}

// Radix's dialogs lock scrolling with one style element; it carries the page's CSP nonce.
if (typeof document !== "undefined") {
  const nonce = document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce;
  if (nonce) setNonce(nonce);
}

export default function DashboardLayout({ loaderData }: Route.ComponentProps) {
  const { viewer, version, capabilities, notices, csrfToken, flash, buildPollMs } = loaderData;
  useEffect(() => {
    if (flash) toast(flash);
  }, [flash]);
  return (
    <DashboardShell
      viewer={viewer}
      version={version}
      capabilities={capabilities}
      csrfToken={csrfToken}
      notices={notices}
      buildPollMs={buildPollMs}
    >
      <Outlet />
    </DashboardShell>
  );
}

export { PlainErrorBoundary as ErrorBoundary } from "../components/site/plain-error-boundary.tsx";
