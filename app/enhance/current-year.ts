/** The page is prerendered at build time; the copyright year follows the calendar, not the build. */
export function initCurrentYear() {
  const year = String(new Date().getFullYear());
  for (const element of document.querySelectorAll("[data-current-year]")) {
    if (element.textContent !== year) element.textContent = year;
  }
}
