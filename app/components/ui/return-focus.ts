import { useRef } from "react";

/**
 * Focus goes back where it was when a dialog closes (WCAG 2.4.3). Radix does that only
 * for its own trigger; the portal opens dialogs from plain buttons, links and keyboard
 * shortcuts. When nothing was focused (a shortcut pressed on the page), focus goes to
 * the page's main region.
 */
export function useReturnFocus() {
  const previous = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: () => {
      previous.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    },
    onCloseAutoFocus: (event: Event) => {
      event.preventDefault();
      const target =
        previous.current && previous.current !== document.body && previous.current.isConnected
          ? previous.current
          : document.getElementById("main");
      target?.focus();
    },
  };
}
