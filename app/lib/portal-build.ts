import { defaultBuildPollMs, watchForNewBuild, type BuildWatcher } from "./build-update.ts";
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

/** Remembers where a navigation is going (or that none is under way), in sessionStorage. */
export function rememberNavigation(href: string | null): void {
  try {
    if (href) sessionStorage.setItem(navigationKey, JSON.stringify({ href, at: Date.now() }));
    else sessionStorage.removeItem(navigationKey);
  } catch {
    // Without storage there is nothing to resume.
  }
}

/**
 * Spec §4 and §8: a chunk-load error during navigation reloads the target page. React
 * Router reloads the page it is leaving when the next page's code fails to load; after
 * that reload, this sends the browser on to the page that was asked for, at most once
 * per path per 10 seconds. It says whether it went on, was held back by the guard, or
 * had nothing to do.
 */
function takeRememberedNavigation(): { href?: unknown; at?: unknown } | null {
  try {
    const stored = sessionStorage.getItem(navigationKey);
    sessionStorage.removeItem(navigationKey);
    return JSON.parse(stored ?? "null") as { href?: unknown; at?: unknown } | null;
  } catch {
    return null;
  }
}

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
