import { setNonce } from "get-nonce";
import { BookOpen, LayoutList } from "lucide-react";
import { useEffect, useMemo } from "react";
import { Outlet, type ShouldRevalidateFunctionArgs } from "react-router";
import { PortalContext } from "../components/dashboard/portal-context.tsx";
import { toast, Toaster } from "../components/dashboard/toaster.tsx";
import { useAccountColorMode } from "../components/dashboard/use-account-color-mode.ts";
import { LogoMark } from "../components/site/logo.tsx";
import { SkipLink } from "../components/site/skip-link.tsx";
import { requestAuthContext } from "../../shared/contracts/auth-context.ts";
import { arrivingFlash } from "../../shared/contracts/flash.ts";
import { portalSession } from "../lib/portal/session.ts";
import { loadPortal, portalOf } from "../lib/portal/context.server.ts";
import type { Route } from "./+types/docs";

/**
 * Spec layout "docs": where docs are written. A signed-in person is required before any
 * loader or action runs (the portal's middleware), and the page hydrates: the editor is an
 * app. It keeps to a slim bar so the writing gets the screen.
 */
export const middleware: Route.MiddlewareFunction[] = [loadPortal];

export function loader({ context }: Route.LoaderArgs) {
  const { viewer, capabilities } = portalOf(context);
  return {
    viewer,
    version: viewer.version,
    capabilities,
    csrfToken: context.get(requestAuthContext).csrfToken ?? "",
    flash: arrivingFlash(context),
  };
}

/** The editor's own traffic (keeping unsaved work, saying it is open) changes nothing the layout loaded. */
const quietIntents = new Set(["keep", "drop", "open", "closed"]);

export function shouldRevalidate({ formMethod, formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  const intent = formData?.get("intent");
  if (typeof intent === "string" && quietIntents.has(intent)) return false;
  return formMethod !== undefined && formMethod !== "GET" ? defaultShouldRevalidate : false;
}

// Dialogs lock scrolling with one style element, and CodeMirror adds its own: both carry the page's nonce.
if (typeof document !== "undefined") {
  const nonce = document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce;
  if (nonce) setNonce(nonce);
}

const barLink =
  "inline-flex min-h-10 items-center gap-2 rounded-md px-3 text-sm font-medium text-gray-700 hover:bg-gray-100 hover:text-gray-950 dark:text-gray-300 dark:hover:bg-gray-800 dark:hover:text-white";

export default function DocsLayout({ loaderData }: Route.ComponentProps) {
  const { viewer, version, capabilities, csrfToken, flash } = loaderData;
  useAccountColorMode(viewer, version);
  useEffect(() => {
    portalSession.csrfToken = csrfToken;
    portalSession.notify = toast;
  }, [csrfToken]);
  useEffect(() => {
    if (flash) toast(flash);
  }, [flash]);
  const portal = useMemo(() => ({ viewer, capabilities, csrfToken }), [viewer, capabilities, csrfToken]);
  return (
    <PortalContext value={portal}>
      <div className="flex min-h-dvh flex-col bg-white text-gray-950 lg:h-dvh dark:bg-gray-950 dark:text-gray-50">
        <SkipLink />
        <header className="flex h-14 shrink-0 items-center gap-2 border-b border-gray-200 px-3 sm:px-4 dark:border-gray-800">
          <a href="/docs" className="flex min-h-10 items-center gap-2 rounded-md px-2 font-semibold">
            <LogoMark className="size-6" />
            <span>Docs</span>
          </a>
          <span aria-hidden="true" className="text-gray-400 dark:text-gray-600">
            /
          </span>
          <span className="truncate text-sm text-gray-700 dark:text-gray-300">Writing</span>
          <nav aria-label="Docs" className="ml-auto flex items-center gap-1">
            <a href="/docs" className={barLink}>
              <BookOpen aria-hidden="true" className="size-4" />
              <span className="max-sm:sr-only">Read the docs</span>
            </a>
            <a href="/dashboard/admin/docs" className={barLink}>
              <LayoutList aria-hidden="true" className="size-4" />
              <span className="max-sm:sr-only">All docs</span>
            </a>
          </nav>
        </header>
        <main id="main" tabIndex={-1} className="flex min-h-0 flex-1 flex-col focus:outline-none">
          <Outlet />
        </main>
        <Toaster />
      </div>
    </PortalContext>
  );
}

export { PlainErrorBoundary as ErrorBoundary } from "../components/site/plain-error-boundary.tsx";
