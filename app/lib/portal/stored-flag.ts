import { useCallback, useSyncExternalStore } from "react";

const changed = "densara:stored-flag";

function read(key: string): boolean {
  try {
    return localStorage.getItem(key) === "true";
  } catch {
    return false;
  }
}

/**
 * A yes/no preference kept in this browser (localStorage). The server renders the
 * default (false); the browser's own value applies from hydration on, without a
 * mismatch.
 */
export function useStoredFlag(key: string): [boolean, (value: boolean) => void] {
  const value = useSyncExternalStore(
    (listener) => {
      window.addEventListener(changed, listener);
      window.addEventListener("storage", listener);
      return () => {
        window.removeEventListener(changed, listener);
        window.removeEventListener("storage", listener);
      };
    },
    () => read(key),
    () => false,
  );
  const set = useCallback(
    (next: boolean) => {
      try {
        localStorage.setItem(key, String(next));
      } catch {
        // Remembered nowhere: the flag stays as it was.
      }
      window.dispatchEvent(new Event(changed));
    },
    [key],
  );
  return [value, set];
}
