import { useSyncExternalStore } from "react";

const noChanges = () => () => {};
const inBrowser = () => true;
const onServer = () => false;

/**
 * Whether the page has hydrated: false in the server's HTML and during hydration (so the
 * two agree), true from then on. A form that applies itself as it changes keeps its
 * button until then, for a page whose script has not run.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(noChanges, inBrowser, onServer);
}
