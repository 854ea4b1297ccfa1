import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyticsBlock, type SiteAnalytics } from "../../shared/analytics.ts";
import { servedPage, startAuthHarness, type AuthHarness } from "../../tests/support/auth-harness.ts";
import { databaseKinds } from "../../tests/support/databases.ts";
import { signInAs } from "../../tests/support/graphql.ts";
import { domainContext, systemAdmin } from "../../tests/support/domain.ts";
import { updateAnalyticsSettings } from "../domain/settings/index.ts";

/**
 * The analytics loaders on the public pages (ADR 030): off, a page carries nothing and its
 * CSP names no other host; on, every kind of public page carries the same data block and
 * a CSP with exactly the hosts of the loaders that are on, while the portal names none.
 * The pages stay fixed bytes; the consent banner and the loaders are the browser's part.
 */

const paths = ["/", "/about", "/locations", "/locations?place=WI", "/about/contact", "/no/such/page"];

const directive = (csp: string | null, name: string) =>
  (csp ?? "")
    .split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name} `)) ?? "";

describe.each(databaseKinds)("analytics loaders on the public pages, on %s", (kind) => {
  let harness: AuthHarness;
  let version = 0;

  async function turnOn(ids: Partial<Record<"tagManagerId" | "webAnalyticsId" | "pixelId", string | null>>) {
    const saved = await updateAnalyticsSettings(domainContext(harness.database.db, systemAdmin), {
      version,
      tagManagerId: null,
      webAnalyticsId: null,
      pixelId: null,
      socialAdsPixelId: null,
      customerDataWriteKey: null,
      ...ids,
    });
    version = saved.version;
    expect(await harness.server.livePages.refresh()).toBe(true);
  }

  beforeAll(async () => {
    harness = await startAuthHarness(kind);
  });
  afterAll(() => harness.close());

  it("carry no block and name no other host while none is on", async () => {
    const browser = harness.newBrowser();
    for (const path of paths) {
      const page = await browser.fetch(path);
      expect(await page.text(), path).not.toContain("data-site-analytics");
      const csp = page.headers.get("content-security-policy");
      expect(csp, path).not.toContain("https://");
    }
  });

  it("carry the block and their hosts on every kind of public page once one is on, and none again when it is off", async () => {
    const browser = harness.newBrowser();
    const { etag } = await servedPage(browser, "/about");
    const on: SiteAnalytics = { tagManager: "GTM-ABC1234", webAnalytics: "G-ABCDE12345" };
    await turnOn({ tagManagerId: "GTM-ABC1234", webAnalyticsId: "G-ABCDE12345" });

    for (const path of paths) {
      const page = await browser.fetch(path);
      const html = await page.text();
      // Kept, rendered per request, or from the 404 template: the same block, right after the notices slot.
      expect(html, path).toContain(`</div>${analyticsBlock(on)}`);
      const csp = page.headers.get("content-security-policy");
      expect(directive(csp, "script-src"), path).toContain("https://www.googletagmanager.com");
      expect(directive(csp, "connect-src"), path).toBe(
        "connect-src 'self' https://www.googletagmanager.com https://*.google-analytics.com https://*.analytics.google.com https://*.googletagmanager.com",
      );
      expect(csp, path).not.toContain("facebook");
      // Scripts and connections only: styles stay this site's own.
      expect(directive(csp, "style-src"), path).toMatch(/^style-src 'self'( 'nonce-[^']+')?$/);
    }
    const about = await servedPage(browser, "/about");
    expect(about.etag).not.toBe(etag);
    expect(about.fixed).toBe(true);

    // The portal and the docs reader (in the public layout, but signed in) are no public pages: no block, no other host.
    const person = await signInAs(harness, "admin", "analytics-admin");
    for (const path of ["/dashboard", "/docs"]) {
      const page = await person.browser.fetch(path);
      expect(page.status, path).toBe(200);
      expect(await page.text(), path).not.toContain("data-site-analytics");
      expect(page.headers.get("content-security-policy"), path).not.toContain("googletagmanager");
    }
    // A public page is one for a signed-in visitor too.
    expect(await (await person.browser.fetch("/locations?place=WI")).text()).toContain(analyticsBlock(on));

    await turnOn({ pixelId: "123456789012345" });
    const pixel = await browser.fetch("/about/contact");
    expect(await pixel.text()).toContain(analyticsBlock({ pixel: "123456789012345" }));
    const csp = pixel.headers.get("content-security-policy");
    expect(directive(csp, "img-src")).toBe("img-src 'self' data: https://www.facebook.com");
    expect(csp).not.toContain("google");

    await turnOn({});
    for (const path of paths) {
      const page = await browser.fetch(path);
      expect(await page.text(), path).not.toContain("data-site-analytics");
      expect(page.headers.get("content-security-policy"), path).not.toContain("https://");
    }
    // The build's own bytes again.
    expect((await servedPage(browser, "/about")).etag).toBe(etag);
  });
});
