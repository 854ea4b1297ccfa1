import { NavLink, Outlet } from "react-router";
import { HeaderSessionContext } from "../components/site/header-session.tsx";
import { SiteShell } from "../components/site/site-shell.tsx";
import { cn } from "../components/ui/cn.ts";
import { requestAuthContext } from "../lib/auth-context.ts";
import type { RouteHandle } from "../lib/route-handle.ts";
import { requireUser } from "../lib/sign-in.ts";
import type { Route } from "./+types/dashboard";

/**
 * The portal's pages are rendered on the server for the person asking and work as
 * plain HTML forms; the interactive portal (hydrated) comes with its own pages.
 */
export const handle: RouteHandle = { hydrate: false };

/** Spec §2: every dashboard page needs a signed-in user; this runs before any loader below it. */
export const middleware: Route.MiddlewareFunction[] = [
  ({ context, url }) => {
    requireUser(context, url);
  },
];

export function loader({ context, url }: Route.LoaderArgs) {
  const user = requireUser(context, url);
  return { user, csrfToken: context.get(requestAuthContext).csrfToken ?? "" };
}

const sections = [
  { to: "/dashboard", label: "Overview", adminOnly: false, end: true },
  { to: "/dashboard/admin/users", label: "Users", adminOnly: true, end: false },
];

export default function DashboardLayout({ loaderData }: Route.ComponentProps) {
  const { user, csrfToken } = loaderData;
  return (
    <HeaderSessionContext value={{ state: "signed-in", csrfToken }}>
      <SiteShell>
        <div className="mx-auto grid max-w-7xl gap-8 px-4 py-8 sm:px-6 lg:grid-cols-[14rem_1fr] lg:px-8 lg:py-12">
          <nav aria-label="Dashboard">
            <ul className="flex flex-wrap gap-2 lg:flex-col">
              {sections
                .filter((section) => !section.adminOnly || user.role === "admin")
                .map((section) => (
                  <li key={section.to}>
                    <NavLink
                      to={section.to}
                      end={section.end}
                      className={({ isActive }) =>
                        cn(
                          "flex min-h-11 items-center rounded-lg px-3 text-base font-medium hover:bg-gray-100 dark:hover:bg-gray-800",
                          isActive
                            ? "bg-bdblue-50 text-bdblue-800 dark:bg-bdblue-950 dark:text-bdblue-200"
                            : "text-gray-700 dark:text-gray-200",
                        )
                      }
                    >
                      {section.label}
                    </NavLink>
                  </li>
                ))}
            </ul>
          </nav>
          <div className="min-w-0">
            <Outlet />
          </div>
        </div>
      </SiteShell>
    </HeaderSessionContext>
  );
}

export { ErrorBoundary } from "../components/site/route-error-boundary.tsx";
