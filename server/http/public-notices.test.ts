import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { servedPage, startAuthHarness, type AuthHarness } from "../../tests/support/auth-harness.ts";
import { databaseKinds } from "../../tests/support/databases.ts";
import { domainContext, systemAdmin } from "../../tests/support/domain.ts";
import { updateAnnouncement, updateMaintenanceNotice } from "../domain/settings/index.ts";
import { withNotices } from "./live-pages.ts";

/**
 * The announcement and the maintenance notice on the public pages (ADR 029): put into
 * the prerendered pages' slot as the server keeps them, on the pages it renders itself
 * (the locations page, a search, a page with a form, the 404 screen), and taken out again;
 * the pages stay fixed bytes with no script added.
 */

const announcement = "Densara at the ISCD annual meeting, booth 12";
const maintenance = "The portal is down for maintenance on Saturday night.";

describe("withNotices", () => {
  it("puts the notices right after the empty slot's start tag, and leaves a page without one slot alone", () => {
    const page = '<header></header><div data-site-notices="" class="x"></div><main></main>';
    expect(withNotices(page, "<p>Hi</p>")).toBe(
      '<header></header><div data-site-notices="" class="x"><p>Hi</p></div><main></main>',
    );
    expect(withNotices(page, "", "<script data-x></script>")).toBe(
      '<header></header><div data-site-notices="" class="x"></div><script data-x></script><main></main>',
    );
    expect(withNotices("<main></main>", "<p>Hi</p>")).toBeNull();
    expect(withNotices(`${page}${page}`, "<p>Hi</p>")).toBeNull();
    expect(withNotices('<div data-site-notices="">taken</div>', "<p>Hi</p>")).toBeNull();
  });
});

describe.each(databaseKinds)("notices on the public pages, on %s", (kind) => {
  let harness: AuthHarness;
  const admin = () => domainContext(harness.database.db, systemAdmin);
  const versions = { announcement: 0, maintenance: 0 };

  async function announce(enabled: boolean) {
    const saved = await updateAnnouncement(admin(), {
      version: versions.announcement,
      enabled,
      tone: "warning",
      message: announcement,
      linkLabel: "Book a demo",
      linkUrl: "/about/contact",
    });
    versions.announcement = saved.version;
  }

  beforeAll(async () => {
    harness = await startAuthHarness(kind);
  });
  afterAll(() => harness.close());

  it("shows on every kind of public page within one check, and goes when it is turned off", async () => {
    const browser = harness.newBrowser();
    const paths = ["/", "/about", "/locations", "/locations?place=WI", "/about/contact", "/no/such/page"];
    const before = new Map<string, string>();
    for (const path of paths) {
      const html = await (await browser.fetch(path)).text();
      expect(html, path).not.toContain(announcement);
      before.set(path, html);
    }
    const etag = (await browser.fetch("/about")).headers.get("etag");

    await announce(true);
    // Until the next check, a prerendered page is the one kept.
    expect(await (await browser.fetch("/about")).text()).not.toContain(announcement);
    expect(await harness.server.livePages.refresh()).toBe(true);
    for (const path of paths) {
      const html = await (await browser.fetch(path)).text();
      expect(html, path).toContain(announcement);
      expect(html, path).toContain('aria-label="Announcement"');
      expect(html, path).toContain('href="/about/contact"');
    }
    // Fixed bytes still: no nonce, and a 304 to its own ETag.
    const about = await servedPage(browser, "/about");
    expect(about.etag).not.toBe(etag);
    expect(about.fixed).toBe(true);
    // Nothing else on the page changed: the notices are all that was put in.
    const withBanner = await (await browser.fetch("/about")).text();
    const emptied = withBanner.replace(/(<div data-site-notices=""[^>]*>)[\s\S]*?(<\/div><main)/, "$1$2");
    expect(emptied).not.toBe(withBanner);
    expect(emptied).toBe(before.get("/about"));

    await announce(false);
    expect(await harness.server.livePages.refresh()).toBe(true);
    for (const path of paths) expect(await (await browser.fetch(path)).text(), path).not.toContain(announcement);
    // The build's own bytes again.
    expect((await browser.fetch("/about")).headers.get("etag")).toBe(etag);
  });

  it("shows a maintenance notice only inside its window", async () => {
    const browser = harness.newBrowser();
    const saved = await updateMaintenanceNotice(admin(), {
      version: versions.maintenance,
      enabled: true,
      message: maintenance,
      startsAt: new Date(Date.now() + 3_600_000).toISOString(),
      endsAt: new Date(Date.now() + 7_200_000).toISOString(),
    });
    versions.maintenance = saved.version;
    await harness.server.livePages.refresh();
    expect(await (await browser.fetch("/")).text()).not.toContain(maintenance);
    const open = await updateMaintenanceNotice(admin(), {
      version: versions.maintenance,
      enabled: true,
      message: maintenance,
      startsAt: new Date(Date.now() - 60_000).toISOString(),
      endsAt: null,
    });
    versions.maintenance = open.version;
    expect(await harness.server.livePages.refresh()).toBe(true);
    const html = await (await browser.fetch("/")).text();
    expect(html).toContain(maintenance);
    expect(html).toContain('aria-label="Planned maintenance"');
  });
});
