/** Spec §4 and §9: a page reloads by itself at most once per path per 10 seconds. */
export const reloadGuardMs = 10_000;
export const reloadGuardKey = "densara:reloads";

type Store = Pick<Storage, "getItem" | "setItem">;

/**
 * Whether a self-made reload of this path may happen now, and if so, records it. The
 * record lives in sessionStorage, so it survives the reload itself: a broken deploy that
 * fails again right after reloading can never put the tab in a loop.
 */
export function mayReload(path: string, storage: Store | undefined, now = Date.now()): boolean {
  if (!storage) return false;
  let reloads: Record<string, number> = {};
  try {
    const stored: unknown = JSON.parse(storage.getItem(reloadGuardKey) ?? "{}");
    if (typeof stored === "object" && stored !== null) reloads = stored as Record<string, number>;
  } catch {
    // A damaged record counts as none.
  }
  const last = reloads[path];
  if (typeof last === "number" && now - last < reloadGuardMs && now >= last) return false;
  // Old entries are dropped, so the record stays small.
  const kept = Object.fromEntries(Object.entries(reloads).filter(([, at]) => now - at < reloadGuardMs));
  try {
    storage.setItem(reloadGuardKey, JSON.stringify({ ...kept, [path]: now }));
  } catch {
    // Without storage there is no guard, so no reload either.
    return false;
  }
  return true;
}
