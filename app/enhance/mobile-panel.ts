/**
 * The mobile panel (a dialog): focus goes to its Close button when it opens (the browser
 * gives it back to Open menu when it closes); it closes when a link in it is followed,
 * and is never restored open from the back/forward cache.
 */
export function initMobilePanel() {
  const panel = document.getElementById("mobile-panel");
  if (!panel) return;
  const close = () => {
    if (panel.matches(":popover-open")) panel.hidePopover();
  };
  panel.addEventListener("toggle", (event) => {
    if (event.newState === "open") panel.querySelector<HTMLElement>("button")?.focus();
  });
  panel.addEventListener("click", (event) => {
    if ((event.target as Element | null)?.closest("a[href]")) close();
  });
  window.addEventListener("pageshow", (event) => {
    if (event.persisted) close();
  });
  window.addEventListener("hashchange", close);
}
