import { expectedHeading } from "../support/content.ts";
import { expect, test } from "../support/fixtures.ts";
import { escapeRegExp, publicPaths, titleSuffix } from "../support/site.ts";

test.describe("public routes", () => {
  test("the site serves the spec's public pages, and its sitemap lists those and the release pages", async ({
    request,
  }) => {
    // Spec §2, "Public routes", written out here rather than read from the app.
    const specRoutes = [
      "/",
      "/about",
      "/about/contact",
      "/about/faq",
      "/about/get-certified",
      "/business",
      "/consumer",
      "/health-conditions",
      "/health-conditions/bone-health",
      "/health-conditions/type-2-diabetes",
      "/locations",
      "/products",
      "/products/v4",
      "/products/v5",
      "/research",
      "/testimonials",
    ];
    expect([...publicPaths].sort()).toEqual([...specRoutes].sort());
    const sitemap = await (await request.get("/sitemap.xml")).text();
    const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? "").pathname);
    const releasePages = listed.filter((path) => path.startsWith("/releases/"));
    expect(listed.filter((path) => !releasePages.includes(path)).sort()).toEqual([...specRoutes].sort());
    // Each published stable release's page (the demo's 5.2.1), never a draft's (5.3.0) or a beta's.
    expect(releasePages).toContain("/releases/v5/5.2.1");
    for (const path of releasePages) expect(path).toMatch(/^\/releases\/v[45]\/\d+\.\d+\.\d+$/);
    expect(releasePages).not.toContain("/releases/v5/5.3.0");
  });

  test("the sitemap, robots.txt and canonical links name the server's own PUBLIC_URL", async ({ request, baseURL }) => {
    // The e2e server's PUBLIC_URL is its own address (http://localhost:{E2E_PORT}).
    const origin = new URL(baseURL ?? "").origin;
    const sitemap = await (await request.get("/sitemap.xml")).text();
    const origins = new Set(
      [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? "").origin),
    );
    expect([...origins]).toEqual([origin]);
    expect(await (await request.get("/robots.txt")).text()).toContain(`Sitemap: ${origin}/sitemap.xml`);
    for (const path of ["/products/v5", "/locations"]) {
      const html = await (await request.get(path)).text();
      expect(html, path).toContain(`<link rel="canonical" href="${origin}${path}"/>`);
    }
  });

  // One browser page walks every route: a fresh page per route would cost more than the checks.
  test("each answers 200 with its title and a single h1 from its content", async ({ page }) => {
    test.setTimeout(90_000);
    const titleEnding = new RegExp(`.+${escapeRegExp(titleSuffix)}$`);
    for (const path of publicPaths) {
      await test.step(path, async () => {
        const response = await page.goto(path);
        expect.soft(response?.status(), `status of ${path}`).toBe(200);
        expect.soft(new URL(page.url()).pathname, "no redirect").toBe(path);
        await expect.soft(page, `title of ${path}`).toHaveTitle(titleEnding);
        const headings = page.locator("h1");
        await expect.soft(headings, `h1 count on ${path}`).toHaveCount(1);
        await expect.soft(headings, `h1 of ${path}`).toHaveText(expectedHeading(path));
        await expect.soft(page.locator("main#main"), `main on ${path}`).toHaveCount(1);
      });
    }
  });
});

test.describe("redirects", () => {
  const permanent: [from: string, to: string][] = [
    ["/v5", "/products/v5"],
    ["/about/v4", "/products/v4"],
    ["/about/v5", "/products/v5"],
    ["/about/", "/about"],
    ["/products/v5/", "/products/v5"],
  ];

  for (const [from, to] of permanent) {
    test(`${from} moves permanently to ${to}`, async ({ request, baseURL }) => {
      const response = await request.get(from, { maxRedirects: 0 });
      expect(response.status()).toBe(301);
      const location = response.headers()["location"] ?? "";
      expect(new URL(location, baseURL).pathname).toBe(to);
    });
  }

  test("a browser following /v5 lands on the v5 product page", async ({ page }) => {
    const response = await page.goto("/v5");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveURL(/\/products\/v5$/);
    await expect(page.locator("h1")).toHaveText(expectedHeading("/products/v5"));
  });

  test("a trailing slash keeps the query string", async ({ request }) => {
    const response = await request.get("/about/?ref=mail", { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(response.headers()["location"]).toMatch(/\/about\?ref=mail$/);
  });
});
