import { setNonce } from "get-nonce";
import { useEffect } from "react";
import { Outlet, redirectDocument, type ShouldRevalidateFunctionArgs } from "react-router";
import { DashboardShell } from "../components/dashboard/shell.tsx";
import { toast } from "../components/dashboard/toaster.tsx";
import { query } from "../lib/api.server.ts";
import { appConfigContext } from "../lib/app-config.ts";
import { requestAuthContext } from "../lib/auth-context.ts";
import type { Capabilities } from "../lib/dashboard-nav.ts";
import { arrivingFlash } from "../lib/flash.ts";
import { graphql } from "../lib/graphql.ts";
import { newBuildReady } from "../lib/portal-build.ts";
import { mayReload } from "../lib/reload-guard.ts";
import { requireUser } from "../lib/sign-in.ts";
import type { Route } from "./+types/dashboard";

/**
 * The portal: a React app that hydrates, in its own layout. Every page below needs a
 * signed-in user (spec §2); the middleware runs before any loader, so a signed-out
 * request, `.data` ones included, never reaches portal data.
 */
export const middleware: Route.MiddlewareFunction[] = [
  ({ context, url }) => {
    requireUser(context, url);
  },
];

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

const LayoutQuery = graphql(`
  query DashboardLayout {
    viewer {
      sessionId
      user {
        id
        name
        email
        picture
        role
        colorMode
        version
      }
      capabilityList {
        entity
        operation
        reach
      }
    }
    siteNotices {
      announcement {
        message
        tone
        linkLabel
        linkUrl
      }
      maintenance {
        message
        startsAt
        endsAt
      }
    }
  }
`);

export async function loader({ context, url }: Route.LoaderArgs) {
  requireUser(context, url);
  const data = await query(context, LayoutQuery, {});
  const viewer = data.viewer;
  if (!viewer) throw new Response(null, { status: 401 });
  const capabilities: Capabilities = {};
  for (const { entity, operation, reach } of viewer.capabilityList) {
    (capabilities[entity] ??= {})[operation] = reach;
  }
  return {
    viewer: { ...viewer.user, sessionId: viewer.sessionId },
    version: viewer.user.version,
    capabilities,
    notices: data.siteNotices,
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
