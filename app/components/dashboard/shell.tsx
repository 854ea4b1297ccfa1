import { Menu, Search } from "lucide-react";
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useLocation, useNavigate, useNavigation } from "react-router";
import { visiblePages, type Capabilities } from "../../lib/portal/nav.ts";
import { portalSession } from "../../lib/portal/session.ts";
import { navigateTo } from "../../../shared/safe-navigation.ts";
import { resumeInterruptedNavigation, startBuildWatch } from "../../lib/portal/build.ts";
import { useStoredFlag } from "../../lib/portal/stored-flag.ts";
import { createShortcutReader, shortcutsFor } from "../../lib/portal/shortcuts.ts";
import { SkipLink } from "../site/skip-link.tsx";
import { restoreFocusAnchor } from "../ui/focus-anchor.ts";
import { Breadcrumbs } from "./breadcrumbs.tsx";
import { portalPaletteActions } from "./palette-actions.ts";
import { NavigationProgress } from "./navigation-progress.tsx";
import type { SiteNotices } from "../../../shared/contracts/site-notices.ts";
import { Notices } from "./notices.tsx";
import { PortalContext, type PortalViewer } from "./portal-context.tsx";
import { Sidebar, sidebarToggleDelayMs } from "./sidebar.tsx";
import { toast, Toaster } from "./toaster.tsx";
import { useAccountColorMode } from "./use-account-color-mode.ts";
import { UserMenu } from "./user-menu.tsx";

/** Dialogs load the first time someone opens them: the palette (cmdk), the shortcuts, the mobile menu. */
const CommandPalette = lazy(() => import("./command-palette.tsx"));
const ShortcutsDialog = lazy(() => import("./shortcuts-dialog.tsx"));
const MobileSidebar = lazy(() => import("./mobile-sidebar.tsx"));
const portalApi = () => import("../../lib/portal/api.ts").then((module) => module.portalApi);

/**
 * The dashboard layout (spec "dashboard"): the sidebar, a top bar with breadcrumbs, the
 * command palette and the user menu, the site's notices, and the toasts. It replaces the
 * public site's header and footer inside the portal.
 */
export function DashboardShell({
  viewer,
  version,
  capabilities,
  csrfToken,
  notices,
  buildPollMs,
  children,
}: {
  viewer: PortalViewer;
  version: number;
  capabilities: Capabilities;
  csrfToken: string;
  notices: SiteNotices;
  buildPollMs: number;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const pages = useMemo(() => visiblePages(capabilities), [capabilities]);
  const [collapsed, setCollapsed] = useStoredFlag("densara:sidebar-collapsed");
  // Spec §4: the sidebar closes when the path changes: it is open only on the path it was opened on.
  const [mobileOpenAt, setMobileOpenAt] = useState<string | null>(null);
  const mobileOpen = mobileOpenAt === pathname;
  const [paletteOpen, setPaletteOpen] = useState(false);
  const [helpOpen, setHelpOpen] = useState(false);
  /** Which dialogs have been opened once (their code is loaded then, and they stay mounted). */
  const [used, setUsed] = useState({ palette: false, help: false, menu: false });
  const markUsed = useCallback(
    (dialog: keyof typeof used) => setUsed((current) => (current[dialog] ? current : { ...current, [dialog]: true })),
    [],
  );
  const [colorMode, chooseColorMode] = useAccountColorMode(viewer, version);
  const lastToggle = useRef(0);
  const platform = typeof navigator === "undefined" ? "" : navigator.platform;
  const shortcuts = useMemo(() => shortcutsFor(pages, platform), [pages, platform]);

  useEffect(() => {
    portalSession.csrfToken = csrfToken;
    portalSession.notify = toast;
  }, [csrfToken]);

  useEffect(() => startBuildWatch(buildPollMs), [buildPollMs]);

  // When a form's answer has removed the button that sent it, focus goes to its row.
  const navigationState = useNavigation().state;
  useEffect(() => {
    if (navigationState === "idle") restoreFocusAnchor();
  }, [navigationState]);

  // A reload that interrupted a navigation goes on to its target (see entry.client.tsx).
  useEffect(() => {
    if (resumeInterruptedNavigation(`${location.pathname}${location.search}`) === "held") {
      toast({
        title: "That page could not be loaded",
        description: "The portal may have been updated a moment ago. Try again in a few seconds, or reload the page.",
        color: "error",
        actions: [{ label: "Reload the page", onClick: () => window.location.reload() }],
      });
    }
  }, []);

  const openPalette = useCallback(() => {
    markUsed("palette");
    setPaletteOpen(true);
  }, [markUsed]);

  const openHelp = useCallback(() => {
    markUsed("help");
    setHelpOpen(true);
  }, [markUsed]);

  const toggleCollapsed = useCallback(() => setCollapsed(!collapsed), [collapsed, setCollapsed]);

  const toggleMobile = () => {
    const now = Date.now();
    if (now - lastToggle.current < sidebarToggleDelayMs) return;
    lastToggle.current = now;
    markUsed("menu");
    setMobileOpenAt(mobileOpen ? null : pathname);
  };

  useEffect(() => {
    const read = createShortcutReader(shortcuts);
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.repeat) return;
      const action = read(event);
      if (!action) return;
      event.preventDefault();
      if (action.kind === "palette") openPalette();
      else if (action.kind === "help") openHelp();
      else if (action.kind === "sidebar") toggleCollapsed();
      else {
        navigateTo(action.to, {
          go: action.document ? undefined : (path) => void navigate(path),
          report: (title) => toast({ title, color: "error" }),
        });
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [shortcuts, navigate, openPalette, openHelp, toggleCollapsed]);

  const paletteActions = useMemo(
    () => portalPaletteActions({ capabilities, navigate, chooseColorMode, openHelp }),
    [capabilities, navigate, chooseColorMode, openHelp],
  );

  return (
    <PortalContext value={{ viewer, capabilities, csrfToken }}>
      <SkipLink />
      <div className="flex min-h-dvh">
        <Sidebar pages={pages} collapsed={collapsed} onToggleCollapsed={toggleCollapsed} />
        {used.menu ? (
          <Suspense fallback={null}>
            <MobileSidebar
              pages={pages}
              open={mobileOpen}
              onOpenChange={(open) => setMobileOpenAt(open ? pathname : null)}
            />
          </Suspense>
        ) : null}
        <div className="flex min-w-0 flex-1 flex-col">
          <header className="sticky top-0 z-30 flex min-h-header items-center gap-2 border-b border-gray-200 bg-white/95 px-3 backdrop-blur sm:px-6 dark:border-gray-800 dark:bg-gray-950/95">
            <button
              type="button"
              onClick={toggleMobile}
              aria-expanded={mobileOpen}
              className="inline-flex size-11 items-center justify-center rounded-lg text-gray-700 hover:bg-gray-100 lg:hidden dark:text-gray-200 dark:hover:bg-gray-800"
            >
              <Menu aria-hidden="true" className="size-6" />
              <span className="sr-only">Open the portal menu</span>
            </button>
            <div className="min-w-0 flex-1">
              <Breadcrumbs />
            </div>
            <button
              type="button"
              onClick={openPalette}
              aria-haspopup="dialog"
              className="flex min-h-11 items-center gap-2 rounded-lg px-3 text-base text-gray-700 ring-1 ring-gray-300 hover:bg-gray-50 dark:text-gray-200 dark:ring-gray-700 dark:hover:bg-gray-900"
            >
              <Search aria-hidden="true" className="size-5" />
              <span className="hidden sm:inline">Search and commands</span>
              <span className="sr-only sm:hidden">Search and commands</span>
              <kbd
                aria-hidden="true"
                className="hidden rounded border border-gray-400 px-1.5 font-sans text-sm md:inline"
              >
                {platform.includes("Mac") ? "⌘K" : "Ctrl K"}
              </kbd>
            </button>
            <UserMenu
              viewer={viewer}
              csrfToken={csrfToken}
              colorMode={colorMode}
              onColorMode={chooseColorMode}
              onShowShortcuts={openHelp}
              onSignOut={() => void portalApi().then((api) => api.resetCache())}
            />
          </header>
          <main
            id="main"
            tabIndex={-1}
            className="grid flex-1 grid-cols-[minmax(0,1fr)] content-start gap-6 px-4 py-6 focus:outline-none sm:px-6 lg:px-8 lg:py-8"
          >
            <Notices notices={notices} />
            {children}
          </main>
        </div>
      </div>
      {used.help ? (
        <Suspense fallback={null}>
          <ShortcutsDialog open={helpOpen} onOpenChange={setHelpOpen} shortcuts={shortcuts} />
        </Suspense>
      ) : null}
      {used.palette ? (
        <Suspense fallback={null}>
          <CommandPalette
            open={paletteOpen}
            onOpenChange={setPaletteOpen}
            capabilities={capabilities}
            actions={paletteActions}
          />
        </Suspense>
      ) : null}
      <NavigationProgress />
      <Toaster />
    </PortalContext>
  );
}
