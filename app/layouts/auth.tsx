import { Link, Outlet } from "react-router";
import { Logo } from "../components/site/logo.tsx";
import { MadeInUsaBadge } from "../components/site/made-in-usa-badge.tsx";
import { SkipLink } from "../components/site/skip-link.tsx";
import { site } from "../lib/brand.ts";
import type { RouteHandle } from "../lib/route-handle.ts";

/** The hosted sign-in pages are plain HTML forms: they work without JavaScript and ship none. */
export const handle: RouteHandle = { hydrate: false };

/** Spec layout "auth": the brand, one centred card, a way back and a way to get help. */
export default function AuthLayout() {
  return (
    <div className="flex min-h-dvh flex-col bg-gray-50 dark:bg-gray-950">
      <SkipLink />
      <header className="mx-auto flex w-full max-w-md items-center justify-between gap-3 px-4 pt-8">
        <Link to="/" className="rounded-md" aria-label={`${site.brand.name} home`}>
          <Logo className="h-9 w-auto" />
        </Link>
        <MadeInUsaBadge className="h-7 w-auto" />
      </header>
      <main id="main" tabIndex={-1} className="flex flex-1 justify-center px-4 py-8 focus:outline-none">
        <div className="h-fit w-full max-w-md rounded-2xl bg-white p-6 shadow-sm ring-1 ring-gray-200 sm:p-8 dark:bg-gray-900 dark:ring-gray-800">
          <Outlet />
        </div>
      </main>
      <footer className="mx-auto w-full max-w-md px-4 pb-8 text-center text-sm text-gray-700 dark:text-gray-300">
        <p>
          Trouble signing in?{" "}
          <Link to="/about/contact" className="font-semibold underline underline-offset-2">
            Contact us
          </Link>
          {" · "}
          <Link to="/" className="underline underline-offset-2">
            Back to {site.brand.name}
          </Link>
        </p>
      </footer>
    </div>
  );
}

export { ErrorBoundary } from "../components/site/route-error-boundary.tsx";
