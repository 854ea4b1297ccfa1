import { defaultBuildPollMs } from "../../../shared/contracts/app-config.ts";
import { watchForNewBuild, type BuildWatcher } from "./build-update.ts";
import { mayReload } from "./reload-guard.ts";

/** The portal's one build watcher, shared by the shell (which starts it) and the layout's client middleware. */
let watcher: BuildWatcher | undefined;

export function startBuildWatch(intervalMs = defaultBuildPollMs): () => void {
  watcher ??= watchForNewBuild({ currentBuildId: __BUILD_ID__, intervalMs });
  return () => {
    watcher?.stop();
    watcher = undefined;
  };
}

export function newBuildReady(): boolean {
  return watcher?.updateReady ?? false;
}

/** Looks for a newer build now (after a navigation failed, say). */
export function checkForNewBuild(): Promise<void> {
  return watcher?.check() ?? Promise.resolve();
}

const navigationKey = "densara:navigating-to";
/** A remembered navigation older than this was not the one a reload interrupted. */
const interruptedWithinMs = 30_000;

type Store = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/**
 * Where a page navigation asked for with `navigate(to)` (a link, the palette, a shortcut)
 * is going, as a path from the root, or null when that is not certain: a route-relative
 * `to` such as "members" resolves against the route, not the URL, and a form's fields
 * are not in `to`, so neither is guessed (the reload then stays on the page it left).
 */
export function navigationTarget(to: string | number, currentUrl: string, formMethod?: string): string | null {
  if (typeof to !== "string" || formMethod !== undefined) return null;
  if (!(to.startsWith("/") && !to.startsWith("//")) && !to.startsWith("?") && !to.startsWith("#")) return null;
  const base = new URL(currentUrl, "http://portal.invalid");
  const url = new URL(to, base);
  return url.origin === base.origin ? `${url.pathname}${url.search}` : null;
}

/**
 * Wraps the router's navigations (React Router's client instrumentation, given to the
 * router in entry.client.tsx): where each is going is written down before the router
 * starts it, so a reload caused by the next page's missing code, however quickly it
 * comes, can always go on there; once the navigation is over, the note is taken back.
 * Back and forward need none: the address has already changed when their reload comes.
 */
export async function rememberWhileNavigating(
  navigate: () => Promise<unknown>,
  info: { to: string | number; currentUrl: string; formMethod?: string },
  storage: Store | undefined = typeof sessionStorage === "undefined" ? undefined : sessionStorage,
  now = Date.now(),
): Promise<void> {
  const href = navigationTarget(info.to, info.currentUrl, info.formMethod);
  const note = href ? JSON.stringify({ href, at: now }) : null;
  try {
    if (note) storage?.setItem(navigationKey, note);
  } catch {
    // Without storage there is nothing to resume.
  }
  await navigate();
  try {
    if (note && storage?.getItem(navigationKey) === note) storage.removeItem(navigationKey);
  } catch {
    // As above.
  }
}

/** Reads the note left by `rememberWhileNavigating`, and removes it: it is used at most once. */
function takeRememberedNavigation(): { href?: unknown; at?: unknown } | null {
  try {
    const stored = sessionStorage.getItem(navigationKey);
    sessionStorage.removeItem(navigationKey);
    return JSON.parse(stored ?? "null") as { href?: unknown; at?: unknown } | null;
  } catch {
    return null;
  }
}

/**
 * Spec §4 and §8: a chunk-load error during navigation reloads the target page. React
 * Router reloads the page it is leaving when the next page's code fails to load; after
 * that reload, this sends the browser on to the page that was asked for, at most once
 * per path per 10 seconds. It says whether it went on, was held back by the guard, or
 * had nothing to do.
 */
export function resumeInterruptedNavigation(current: string): "resumed" | "held" | "none" {
  const pending = takeRememberedNavigation();
  const reloaded = performance
    .getEntriesByType("navigation")
    .some((entry) => (entry as PerformanceNavigationTiming).type === "reload");
  if (!reloaded || typeof pending?.href !== "string" || typeof pending.at !== "number") return "none";
  if (Date.now() - pending.at > interruptedWithinMs || pending.href === current || !pending.href.startsWith("/"))
    return "none";
  if (!mayReload(new URL(pending.href, location.origin).pathname, sessionStorage)) return "held";
  location.replace(pending.href);
  return "resumed";
}
