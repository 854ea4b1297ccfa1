import { ChevronDown, Menu, Monitor, Moon, Search, Sun, X } from "lucide-react";
import { Link, useLocation } from "react-router";
import { headerNavigation, isActive, isGroup, type NavigationGroup } from "../../lib/site/navigation.ts";
import { site } from "../../lib/brand.ts";
import { buttonClasses } from "../ui/button.tsx";
import { cn } from "../ui/cn.ts";
import { Icon } from "../ui/icon.tsx";
import { SessionControls } from "./header-session.tsx";
import { Logo, LogoMark } from "./logo.tsx";
import { MadeInUsaBadge } from "./made-in-usa-badge.tsx";
import { NavLinkTo } from "./nav-link.tsx";

const topLinkClass =
  "inline-flex min-h-11 items-center gap-1 rounded-md px-2 text-sm whitespace-nowrap 2xl:px-3 font-medium text-gray-700 hover:bg-gray-100 hover:text-gray-950 aria-[current=page]:text-bdblue-700 dark:text-gray-200 dark:hover:bg-gray-800 dark:hover:text-white dark:aria-[current=page]:text-bdblue-300";

function groupId(group: NavigationGroup, place: string) {
  return `nav-${place}-${group.label.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
}

/** A header group: a button that toggles a popover (click, Enter/Space, Escape); hover is added by enhancement. */
function DesktopGroup({ group, path }: { group: NavigationGroup; path: string }) {
  const id = groupId(group, "desktop");
  const active = isActive(group, path);
  return (
    <li data-nav-group className="relative">
      <button
        type="button"
        popoverTarget={id}
        className={cn(topLinkClass, active && "text-bdblue-700 dark:text-bdblue-300", `[anchor-name:--${id}]`)}
      >
        {group.label}
        <ChevronDown aria-hidden="true" className="nav-chevron size-4 transition-transform" />
      </button>
      <div
        id={id}
        popover="auto"
        className={cn(
          "nav-popover w-64 max-w-[16rem] rounded-xl border border-gray-200 bg-white p-2 shadow-lg dark:border-gray-800 dark:bg-gray-900",
          `[position-anchor:--${id}]`,
        )}
      >
        <ul className="space-y-1">
          {group.children.map((link) => (
            <li key={link.to}>
              <NavLinkTo
                link={link}
                current={isActive(link, path)}
                className="flex gap-3 rounded-lg p-2 hover:bg-gray-50 aria-[current=page]:bg-bdblue-50 dark:hover:bg-gray-800 dark:aria-[current=page]:bg-bdblue-950"
              >
                {link.icon ? (
                  <Icon name={link.icon} className="mt-0.5 size-5 shrink-0 text-bdblue-600 dark:text-bdblue-300" />
                ) : null}
                <span>
                  <span className="flex items-center gap-2 text-sm font-semibold text-gray-900 dark:text-white">
                    {link.label}
                    {link.badge ? (
                      <span className="rounded-full bg-bdblue-100 px-2 py-0.5 text-xs font-semibold text-bdblue-800 dark:bg-bdblue-900 dark:text-bdblue-100">
                        {link.badge}
                      </span>
                    ) : null}
                  </span>
                  {link.description ? (
                    <span className="mt-0.5 block text-sm text-gray-600 dark:text-gray-300">{link.description}</span>
                  ) : null}
                </span>
              </NavLinkTo>
            </li>
          ))}
        </ul>
      </div>
    </li>
  );
}

function ColorModeSwitch() {
  const options = [
    { value: "system", label: "System", icon: Monitor },
    { value: "light", label: "Light", icon: Sun },
    { value: "dark", label: "Dark", icon: Moon },
  ] as const;
  return (
    <div className="js-only">
      <button
        type="button"
        popoverTarget="color-mode-menu"
        className={buttonClasses("ghost", "icon", "[anchor-name:--color-mode]")}
        aria-label="Color mode"
        title="Color mode"
      >
        <Sun aria-hidden="true" className="size-5 dark:hidden" />
        <Moon aria-hidden="true" className="hidden size-5 dark:block" />
      </button>
      <div
        id="color-mode-menu"
        popover="auto"
        className="nav-popover w-44 rounded-xl border border-gray-200 bg-white p-2 shadow-lg [position-anchor:--color-mode] dark:border-gray-800 dark:bg-gray-900"
      >
        <p
          id="color-mode-label"
          className="px-2 pt-1 pb-2 text-xs font-semibold tracking-wide text-gray-600 uppercase dark:text-gray-300"
        >
          Color mode
        </p>
        <ul aria-labelledby="color-mode-label" className="space-y-1">
          {options.map(({ value, label, icon: OptionIcon }) => (
            <li key={value}>
              <button
                type="button"
                data-color-mode-set={value}
                aria-pressed="false"
                className="flex min-h-11 w-full items-center gap-2 rounded-lg px-2 text-sm text-gray-800 hover:bg-gray-100 aria-pressed:bg-bdblue-50 aria-pressed:font-semibold aria-pressed:text-bdblue-800 dark:text-gray-100 dark:hover:bg-gray-800 dark:aria-pressed:bg-bdblue-950 dark:aria-pressed:text-bdblue-200"
              >
                <OptionIcon aria-hidden="true" className="size-4" />
                {label}
              </button>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

function MobilePanel({ path }: { path: string }) {
  return (
    <div
      id="mobile-panel"
      popover="auto"
      // A panel over the page, named for what it is: a label on a plain div is given to nobody.
      role="dialog"
      aria-label="Site menu"
      className="mobile-panel m-0 h-dvh max-h-none w-full max-w-sm overflow-y-auto border-l border-gray-200 bg-white p-0 shadow-xl dark:border-gray-800 dark:bg-gray-950"
    >
      <div className="flex h-16 items-center justify-between border-b border-gray-200 px-4 dark:border-gray-800">
        <span className="text-base font-semibold">Menu</span>
        <button
          type="button"
          popoverTarget="mobile-panel"
          popoverTargetAction="hide"
          className={buttonClasses("ghost", "icon")}
          aria-label="Close menu"
        >
          <X aria-hidden="true" className="size-6" />
        </button>
      </div>
      <nav aria-label="Main" className="px-4 py-4">
        <ul className="space-y-1">
          {headerNavigation.map((link) =>
            isGroup(link) ? (
              <li key={link.label}>
                <details className="group" open={isActive(link, path)}>
                  <summary className="flex min-h-12 cursor-pointer list-none items-center justify-between rounded-lg px-3 text-base font-semibold text-gray-900 hover:bg-gray-100 dark:text-white dark:hover:bg-gray-800 [&::-webkit-details-marker]:hidden">
                    {link.label}
                    <ChevronDown aria-hidden="true" className="size-5 transition-transform group-open:rotate-180" />
                  </summary>
                  <ul className="mt-1 mb-2 space-y-1 pl-3">
                    {link.children.map((child) => (
                      <li key={child.to}>
                        <NavLinkTo
                          link={child}
                          current={isActive(child, path)}
                          className="flex min-h-11 items-center gap-3 rounded-lg px-3 text-base text-gray-700 hover:bg-gray-100 aria-[current=page]:font-semibold aria-[current=page]:text-bdblue-700 dark:text-gray-200 dark:hover:bg-gray-800 dark:aria-[current=page]:text-bdblue-300"
                        >
                          {child.icon ? (
                            <Icon name={child.icon} className="size-5 text-bdblue-600 dark:text-bdblue-300" />
                          ) : null}
                          {child.label}
                        </NavLinkTo>
                      </li>
                    ))}
                  </ul>
                </details>
              </li>
            ) : (
              <li key={link.to}>
                <NavLinkTo
                  link={link}
                  current={isActive(link, path)}
                  className="flex min-h-12 items-center rounded-lg px-3 text-base font-semibold text-gray-900 hover:bg-gray-100 aria-[current=page]:text-bdblue-700 dark:text-white dark:hover:bg-gray-800 dark:aria-[current=page]:text-bdblue-300"
                />
              </li>
            ),
          )}
        </ul>
        <div className="mt-6 border-t border-gray-200 pt-6 dark:border-gray-800">
          <SessionControls path={path} place="mobile" />
        </div>
      </nav>
    </div>
  );
}

export function Header() {
  // Prerendering requests "/about/"; the page, and its links, are "/about".
  const pathname = useLocation().pathname.replace(/(.)\/+$/, "$1");
  return (
    <header className="sticky top-0 z-40 h-header border-b border-gray-200/80 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/80 dark:border-gray-800/80 dark:bg-gray-950/95 dark:supports-[backdrop-filter]:bg-gray-950/80">
      <div className="mx-auto flex h-full max-w-7xl items-center gap-2 px-4 sm:px-6 lg:px-8 xl:gap-3 2xl:max-w-[96rem] 2xl:gap-4">
        {/*
          The badge sits beside the logo at every width: whole where there is room, as the
          flag and "USA" on a phone and beside the full navigation (1024 to 1279 px). Under
          23rem (a 320 px screen, or 400% zoom) the logo is its mark alone, so the bar still fits.
        */}
        <div className="flex shrink-0 items-center gap-2 sm:gap-3">
          <Link to="/" className="rounded-md" aria-label={`${site.brand.name} home`}>
            <LogoMark className="size-8 min-[23rem]:hidden" />
            <Logo className="hidden h-7 w-auto min-[23rem]:block sm:h-8" />
          </Link>
          <MadeInUsaBadge compact className="h-7 w-auto sm:hidden lg:block xl:hidden" />
          <MadeInUsaBadge className="hidden h-7 w-auto sm:block lg:hidden xl:block" />
        </div>
        <nav aria-label="Main" className="hidden flex-1 justify-center lg:flex">
          <ul className="flex items-center gap-1">
            {headerNavigation.map((link) =>
              isGroup(link) ? (
                <DesktopGroup key={link.label} group={link} path={pathname} />
              ) : (
                <li key={link.to}>
                  <NavLinkTo link={link} current={isActive(link, pathname)} className={topLinkClass} />
                </li>
              ),
            )}
          </ul>
        </nav>
        <div className="ml-auto flex items-center gap-1 lg:ml-0">
          <button
            type="button"
            data-search-open
            aria-keyshortcuts="Control+K Meta+K"
            className={cn("js-only", buttonClasses("ghost", "icon", "2xl:w-auto 2xl:px-3"))}
          >
            <Search aria-hidden="true" className="size-5" />
            {/* The name is the visible word (WCAG 2.5.3); the shortcut is announced through aria-keyshortcuts. */}
            <span className="sr-only text-sm font-normal text-gray-600 2xl:not-sr-only dark:text-gray-300">Search</span>
            <span aria-hidden="true" className="hidden 2xl:inline">
              <kbd
                data-shortcut-label
                className="ml-2 rounded border border-gray-300 px-1.5 font-sans text-xs dark:border-gray-700"
              >
                Ctrl K
              </kbd>
            </span>
          </button>
          <ColorModeSwitch />
          {/* From 1024 to 1279 px a signed-in person's controls are in the menu instead (app.css). */}
          <div data-session-bar className="hidden lg:block">
            <SessionControls path={pathname} place="desktop" />
          </div>
          <button
            type="button"
            popoverTarget="mobile-panel"
            data-menu-button
            className={buttonClasses("ghost", "icon", "lg:hidden")}
            aria-label="Open menu"
          >
            <Menu aria-hidden="true" className="size-6" />
          </button>
        </div>
      </div>
      <MobilePanel path={pathname} />
    </header>
  );
}
