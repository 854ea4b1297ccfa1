const closeDelayMs = 120;

/**
 * Header groups open on mouse hover as well as on click and keyboard (spec §9: hover
 * mode, no open delay). Touch and keyboard keep the popover button's own behaviour.
 */
export function initNavHover() {
  for (const group of document.querySelectorAll<HTMLElement>("[data-nav-group]")) {
    const button = group.querySelector<HTMLButtonElement>("button[popovertarget]");
    const popover = button?.popoverTargetElement;
    if (!button || !(popover instanceof HTMLElement)) continue;
    let closeTimer: number | undefined;
    let openedByHover = false;

    group.addEventListener("pointerenter", (event) => {
      if (event.pointerType !== "mouse") return;
      window.clearTimeout(closeTimer);
      if (!popover.matches(":popover-open")) {
        popover.showPopover({ source: button });
        openedByHover = true;
      }
    });
    group.addEventListener("pointerleave", (event) => {
      if (event.pointerType !== "mouse" || !openedByHover) return;
      closeTimer = window.setTimeout(() => {
        if (popover.matches(":popover-open") && !popover.contains(document.activeElement)) popover.hidePopover();
      }, closeDelayMs);
    });
    // A click on a button whose popover the mouse already opened keeps it open instead of toggling it shut.
    button.addEventListener("click", (event) => {
      if (openedByHover && event.detail > 0 && popover.matches(":popover-open")) event.preventDefault();
      openedByHover = false;
    });
    popover.addEventListener("toggle", (event) => {
      if (event.newState === "closed") openedByHover = false;
    });
  }
}
