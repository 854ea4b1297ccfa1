/** Spec §9: focus returns through a history of up to 10 elements. */
export const focusHistoryLimit = 10;

export type FocusTarget = { readonly isConnected: boolean; focus: () => void };

/**
 * The elements focused most recently, newest last, each once. When a dialog closes,
 * focus goes back to the newest element from before it opened that can still take
 * focus: the button that opened it, or, when that button has gone (its row was deleted,
 * its menu closed), the one before, and so on through the history.
 */
export function createFocusHistory<T extends FocusTarget>(options: {
  limit?: number;
  /** Whether an element that is still in the page can take focus now (not disabled, not hidden). */
  canFocus: (element: T) => boolean;
}) {
  const limit = options.limit ?? focusHistoryLimit;
  let entries: T[] = [];

  return {
    remember(element: T): void {
      entries = entries.filter((entry) => entry !== element);
      entries.push(element);
      if (entries.length > limit) entries = entries.slice(-limit);
    },

    /** The history as it is now: what a dialog opening now will return to. */
    snapshot(): readonly T[] {
      return [...entries];
    },

    /**
     * Focuses the newest element of `snapshot` that can take focus and returns it (null
     * when none can). The history goes back to that point: what was focused since, inside
     * the dialog, is forgotten.
     */
    returnTo(snapshot: readonly T[]): T | null {
      const rest = [...snapshot];
      for (let element = rest.at(-1); element; element = rest.at(-1)) {
        if (element.isConnected && options.canFocus(element)) {
          entries = rest;
          element.focus();
          return element;
        }
        rest.pop();
      }
      entries = [];
      return null;
    },

    entries(): readonly T[] {
      return [...entries];
    },
  };
}
