import { useRef } from "react";
import { createFocusHistory } from "./focus-history.ts";

function canFocus(element: HTMLElement): boolean {
  return !element.matches(":disabled") && !element.closest("[inert]") && element.getClientRects().length > 0;
}

/** The page's focus history, kept from the first script run on (there is none on the server). */
const history =
  typeof document === "undefined"
    ? null
    : (() => {
        const focusHistory = createFocusHistory<HTMLElement>({ canFocus });
        document.addEventListener(
          "focusin",
          (event) => {
            if (event.target instanceof HTMLElement && event.target !== document.body)
              focusHistory.remember(event.target);
          },
          true,
        );
        return focusHistory;
      })();

/** The first field a person fills in, within a dialog: not a hidden field, and not one that is off. */
function firstField(container: HTMLElement): HTMLElement | null {
  const fields = container.querySelectorAll<HTMLElement>(
    "input:not([type=hidden]):not([type=submit]):not([type=button]), select, textarea",
  );
  return [...fields].find(canFocus) ?? null;
}

/**
 * Focus goes back where it was when a dialog closes (WCAG 2.4.3). Radix does that only
 * for its own trigger; the portal opens dialogs from plain buttons, links and keyboard
 * shortcuts, and a dialog's work can remove the button that opened it. So focus goes
 * back through the page's focus history (spec §9: up to 10 elements) to the newest
 * element from before the dialog that is still there; failing all of them, to the
 * page's main region.
 */
export function useReturnFocus() {
  const before = useRef<readonly HTMLElement[]>([]);
  return {
    onOpenAutoFocus: (event: Event) => {
      const active = document.activeElement;
      if (active instanceof HTMLElement && active !== document.body) history?.remember(active);
      before.current = history?.snapshot() ?? [];
      // A dialog opens on its first field, not on its close button (Radix's default is
      // the first focusable element); a dialog without fields keeps that default.
      const first = event.currentTarget instanceof HTMLElement ? firstField(event.currentTarget) : null;
      if (first) {
        event.preventDefault();
        first.focus();
      }
    },
    onCloseAutoFocus: (event: Event) => {
      event.preventDefault();
      if (!history?.returnTo(before.current)) document.getElementById("main")?.focus();
    },
  };
}
