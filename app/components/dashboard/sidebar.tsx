import { PanelLeftClose, PanelLeftOpen } from "lucide-react";
import { NavLink } from "react-router";
import type { DashboardPage } from "../../lib/dashboard-nav.ts";
import { Logo } from "../site/logo.tsx";
import { cn } from "../ui/cn.ts";

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
                const Icon = page.icon;
                return (
                  <li key={page.to}>
                    <NavLink
                      to={page.to}
                      end={page.to === "/dashboard"}
                      prefetch="intent"
                      title={collapsed ? page.label : undefined}
                      className={({ isActive }) =>
                        cn(
                          "flex min-h-11 items-center gap-3 rounded-lg px-3 text-base font-medium hover:bg-gray-100 dark:hover:bg-gray-800",
                          collapsed && "justify-center px-0",
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
        "sticky top-0 hidden h-dvh shrink-0 flex-col gap-6 overflow-y-auto border-r border-gray-200 p-3 lg:flex dark:border-gray-800",
        collapsed ? "w-20" : "w-64",
      )}
    >
      <a href="/" className={cn("flex min-h-11 items-center rounded-lg px-2", collapsed && "justify-center px-0")}>
        {collapsed ? <span className="sr-only">Densara website</span> : null}
        <Logo className={cn("h-8", collapsed ? "w-8 [&_text]:hidden" : "w-auto")} />
      </a>
      <nav aria-label="Portal" className="flex-1">
        <SidebarLinks pages={pages} collapsed={collapsed} />
      </nav>
      <button
        type="button"
        onClick={onToggleCollapsed}
        aria-pressed={collapsed}
        className={cn(
          "flex min-h-11 items-center gap-3 rounded-lg px-3 text-base font-medium text-gray-700 hover:bg-gray-100 dark:text-gray-200 dark:hover:bg-gray-800",
          collapsed && "justify-center px-0",
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
