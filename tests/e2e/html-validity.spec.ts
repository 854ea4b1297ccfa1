import { request, type APIRequestContext } from "@playwright/test";
import { checkHtml, describeNu, type CheckedPage } from "../support/nu-checker.ts";
import { adminPages, expect, test } from "../support/portal.ts";
import { publicPaths } from "../support/site.ts";

/**
 * The W3C Nu Html Checker over the HTML the server sends: every public page (the
 * prerendered ones and the live ones, which the server renders), the 404 screen, the
 * sign-in page, the docs reader, and the portal's pages as the admin sees them. An error fails the test with its page, line and
 * message; warnings are printed.
 */

const docsPaths = ["/docs", "/docs/calibration/daily-phantom-check"];
/** Public pages the server renders from the database: a release's page and place searches. */
const livePaths = [
  "/releases/v5/5.2.1",
  "/locations?place=Madison%2C+WI",
  "/locations?place=Toronto",
  "/locations?place=Canada",
];
const portalPaths = [
  ...adminPages.map((page) => page.path),
  "/dashboard/admin/inquiries/applications",
  "/dashboard/admin/docs?view=trash",
];

/** Pages that answer otherwise than 200 at their own address: the 404 screen, and the sign-in page a redirect leads to. */
const otherPages = [
  { path: "/no/such/page", status: 404, redirects: 0 },
  { path: "/auth/login?returnTo=/dashboard", status: 200, redirects: 5 },
];

async function htmlOf(request: APIRequestContext, path: string, status = 200, redirects = 0): Promise<CheckedPage> {
  const response = await request.get(path, { maxRedirects: redirects });
  expect(response.status(), `${path} answers ${status}`).toBe(status);
  expect(response.headers()["content-type"]).toMatch(/^text\/html/);
  return { name: path, html: await response.text() };
}

test("the public pages, the docs and the portal's pages have no Nu Html Checker errors", async ({ page }, testInfo) => {
  // One JVM checks thirty-odd pages: a few seconds alone, much longer beside other browsers.
  testInfo.setTimeout(180_000);
  const paths = [...publicPaths, ...livePaths, ...docsPaths, ...portalPaths];
  const pages: CheckedPage[] = [];
  // In turn: the portal's pages each run several queries, and the machine is shared.
  for (const path of paths) pages.push(await htmlOf(page.request, path));
  // Signed out for these two: the sign-in page is what a visitor sees.
  const visitor = await request.newContext({ baseURL: testInfo.project.use.baseURL });
  for (const other of otherPages) pages.push(await htmlOf(visitor, other.path, other.status, other.redirects));
  await visitor.dispose();
  const messages = await checkHtml(pages);
  const errors = messages.filter((message) => message.kind === "error");
  const warnings = messages.filter((message) => message.kind === "warning");
  console.log(
    `Nu Html Checker: ${pages.length} pages, ${errors.length} errors, ${warnings.length} warnings` +
      warnings.map((warning) => `\n  ${describeNu(warning)}`).join(""),
  );
  expect(errors.map(describeNu), "Nu Html Checker errors").toEqual([]);
});
