import { dashboardPages, inSidebarOrder, type DashboardPage } from "../../app/lib/portal/nav.ts";

/**
 * The portal's pages as the end-to-end sweeps and the JS budget see them, derived from the
 * nav (app/lib/portal/nav.ts): a page added there is in every sweep and in the budget
 * without another list to remember. What the nav does not say is in the small table below,
 * which `portal-pages.test.ts` checks against the nav both ways.
 *
 * Plain data, no Playwright: the bench script and a unit test import it under Node.
 */

/** A page the sweeps visit: its sidebar label, its path and its main heading. */
export type SweptPage = { label: string; path: string; heading: string | RegExp };

/** What a nav page needs beyond the nav's own data: each entry names a page the nav has. */
type PageNotes = {
  /** The page's main heading, when it is not the page's label. */
  heading?: RegExp;
  /**
   * A page outside the portal's app (`document` in the nav) is not in the portal's sweeps:
   * name the spec that checks it with axe, in both colour modes.
   */
  sweptBy?: string;
  /** Pages of rows the page leads to, measured with it (a doc in the docs reader). */
  examples?: readonly string[];
};

export const pageNotes: Readonly<Record<string, PageNotes>> = {
  "/dashboard": { heading: /^Welcome/ },
  "/docs": { sweptBy: "tests/e2e/docs.spec.ts", examples: ["/docs/calibration/daily-phantom-check"] },
};

const notesOf = (page: DashboardPage): PageNotes => pageNotes[page.to] ?? {};

/**
 * The portal's pages as the admin sees them, in sidebar order, with each page's heading:
 * the axe sweeps in both colour modes, the sidebar and shortcut checks, the access checks
 * and the Nu Html Checker visit each.
 */
export const adminPages: readonly SweptPage[] = inSidebarOrder(dashboardPages)
  .filter((page) => !page.document)
  .map((page) => ({ label: page.label, path: page.to, heading: notesOf(page).heading ?? page.label }));

/** The pages that take every row of an entity: a viewer is offered none of them and opens none. */
export const adminOnlyPages: readonly SweptPage[] = adminPages.filter((swept) => {
  const needs = dashboardPages.find((page) => page.to === swept.path)?.needs;
  return needs !== undefined && needs.reach !== "some";
});

/** The sidebar's links for the admin, in order: the portal's pages and the pages outside its app. */
export const adminSidebarLabels: readonly string[] = inSidebarOrder(dashboardPages).map((page) => page.label);

/** The pages outside the portal's app (the docs reader), each with the spec that sweeps it and its example pages. */
export const documentPages = dashboardPages
  .filter((page) => page.document)
  .map((page) => ({ path: page.to, sweptBy: notesOf(page).sweptBy, examples: notesOf(page).examples ?? [] }));

/** The JS budget's pages (scripts/bench/run.ts): every page of the portal's app, each a first load. */
export const benchPortalPaths: readonly string[] = adminPages.map((page) => page.path);

/** The budget's reading pages outside the portal's app: each such page and its examples. */
export const benchReadingPaths: readonly string[] = documentPages.flatMap((page) => [page.path, ...page.examples]);
