import { PanelLeftClose, PanelLeftOpen } from "lucide-react";
import { NavLink } from "react-router";
import type { DashboardPage } from "../../lib/portal/nav.ts";
import { Logo, LogoMark } from "../site/logo.tsx";
import { cn } from "../ui/cn.ts";
import { navIcons } from "./nav-icons.ts";

/**
 * Spec §4: the mobile toggle has a 200 ms delay. The panel slides for that long, and
 * presses during the slide are ignored, so a double tap cannot open and shut it at once.
 */
export const sidebarToggleDelayMs = 200;

export function SidebarLinks({ pages, collapsed }: { pages: readonly DashboardPage[]; collapsed: boolean }) {
  const groups = [...new Set(pages.map((page) => page.group))];
  return (
    <div className="grid gap-6">
      {groups.map((group) => (
        <div key={group} className="grid gap-1">
          <p className={cn("px-3 text-sm font-semibold text-gray-600 dark:text-gray-300", collapsed && "sr-only")}>
            {group}
          </p>
          <ul className="grid gap-1">
            {pages
              .filter((page) => page.group === group)
              .map((page) => {
                const Icon = navIcons[page.icon];
                return (
                  <li key={page.to}>
                    <NavLink
                      to={page.to}
                      end={page.to === "/dashboard"}
                      reloadDocument={page.document}
                      prefetch={page.document ? "none" : "intent"}
                      data-tip={collapsed ? page.label : undefined}
                      className={({ isActive }) =>
                        cn(
                          "relative flex min-h-11 items-center gap-3 rounded-lg px-3 text-base font-medium hover:bg-gray-100 dark:hover:bg-gray-800",
                          collapsed && cn("justify-center px-0", sideTip),
                          isActive
                            ? "bg-bdblue-50 text-bdblue-800 dark:bg-bdblue-950 dark:text-bdblue-200"
                            : "text-gray-700 dark:text-gray-200",
                        )
                      }
                    >
                      <Icon aria-hidden="true" className="size-5 shrink-0" />
                      <span className={cn(collapsed && "sr-only")}>{page.label}</span>
                    </NavLink>
                  </li>
                );
              })}
          </ul>
        </div>
      ))}
    </div>
  );
}

/**
 * The name beside an icon of the folded sidebar, on hover and on keyboard focus: drawn
 * from `data-tip` by CSS, with an empty alternative (`/ ""`), so it adds nothing to the
 * text or the name of the link or button, which already carries the name.
 */
const sideTip =
  "after:pointer-events-none after:absolute after:top-1/2 after:left-full after:z-40 after:ml-3 after:hidden after:-translate-y-1/2 after:rounded-md after:bg-gray-900 after:px-2.5 after:py-1 after:text-sm after:font-medium after:whitespace-nowrap after:text-white after:shadow-lg after:content-[attr(data-tip)_/_''] hover:after:block focus-visible:after:block dark:after:bg-gray-100 dark:after:text-gray-950";

/** The desktop sidebar: full width with labels, or folded to its icons (the labels stay for screen readers). */
export function Sidebar({
  pages,
  collapsed,
  onToggleCollapsed,
}: {
  pages: readonly DashboardPage[];
  collapsed: boolean;
  onToggleCollapsed: () => void;
}) {
  return (
    <aside
      className={cn(
        "sticky top-0 z-30 hidden h-dvh shrink-0 flex-col gap-6 border-r border-gray-200 p-3 lg:flex dark:border-gray-800",
        // Folded, its few icons always fit, and their names may show beyond its edge.
        collapsed ? "w-20 overflow-visible" : "w-64 overflow-y-auto",
      )}
    >
      <a
        href="/"
        data-tip={collapsed ? "The website" : undefined}
        className={cn(
          "relative flex min-h-11 items-center rounded-lg px-2",
          collapsed && cn("justify-center px-0", sideTip),
        )}
      >
        {collapsed ? <LogoMark className="size-9" /> : <Logo className="h-8 w-auto" />}
      </a>
      <nav aria-label="Portal" className="flex-1">
        <SidebarLinks pages={pages} collapsed={collapsed} />
      </nav>
      <button
        type="button"
        onClick={onToggleCollapsed}
        aria-pressed={collapsed}
        data-tip={collapsed ? "Expand the sidebar" : undefined}
        className={cn(
          "relative flex min-h-11 items-center gap-3 rounded-lg px-3 text-base font-medium text-gray-700 hover:bg-gray-100 dark:text-gray-200 dark:hover:bg-gray-800",
          collapsed && cn("justify-center px-0", sideTip),
        )}
      >
        {collapsed ? (
          <PanelLeftOpen aria-hidden="true" className="size-5" />
        ) : (
          <PanelLeftClose aria-hidden="true" className="size-5" />
        )}
        <span className={cn(collapsed && "sr-only")}>Collapse sidebar</span>
      </button>
    </aside>
  );
}
