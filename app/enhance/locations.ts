import { initLocate } from "./locate.ts";
import "./site.ts";

/**
 * After a search, says what it found in the results' polite status region (a region
 * filled after the page has loaded is read out; one that loads full is not): the heading,
 * and which place was used when a city was searched.
 */
export function announceResults(root: ParentNode = document): void {
  const status = root.querySelector<HTMLElement>("[data-results-status]");
  const heading = root.querySelector<HTMLElement>("[data-results-heading]");
  if (!status || !heading || !location.search) return;
  const near = root.querySelector<HTMLElement>("[data-results-near]");
  const words = [heading.textContent, near?.textContent].filter(Boolean).join(". ");
  // A moment after load, once assistive technology has met the empty region.
  window.setTimeout(() => {
    status.textContent = words;
  }, 500);
}

/** The locations page: the public pages' enhancements, "Use my location", and the results said aloud. */
initLocate();
announceResults();
