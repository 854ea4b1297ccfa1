import { createHash } from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import type { SiteAnalytics } from "../../shared/analytics.ts";
import type { SiteNotices } from "../../shared/contracts/site-notices.ts";
import { recordingLogger } from "../../tests/support/auth-harness.ts";
import { renderedPageFile, type BuildFile } from "./build-files.ts";
import { createLivePages, type RenderedPage } from "./live-pages.ts";

/**
 * The pages kept in memory and brought up to date (ADR 029), with the database, the
 * renderer and the notices stood in for: what is rendered when, and that a failure on
 * the way leaves nothing behind that the next check would not mend.
 */

const slotted = (body: string) =>
  `<html><body><header></header><div data-site-notices="" class="n"></div><main>${body}</main></body></html>`;
const announcing = (message: string): SiteNotices => ({
  announcement: { message, tone: "info", linkLabel: null, linkUrl: null },
  maintenance: null,
});

async function setup() {
  const world = {
    listings: "one",
    notices: null as SiteNotices | null,
    analytics: null as SiteAnalytics | null,
    renderFails: false,
    noticesChangedFails: false,
    renders: 0,
    /** Each path rendered, in order. */
    rendered: [] as string[],
    /** The release pages listed, by path, with their stamps. */
    releases: new Map<string, string>(),
    /** Listed, but answering 404 when rendered (unpublished between the list and the render). */
    gone: new Set<string>(),
    changed: 0,
    kept: new Map<string, BuildFile>() as ReadonlyMap<string, BuildFile>,
  };
  const about = await renderedPageFile("/about", slotted("About"), { hashes: [] });
  const contact = await renderedPageFile("/about/contact", slotted("Contact"), { hashes: [] });
  const served = new Map<string, BuildFile>([["/about", about]]);
  const log = recordingLogger();
  const pages = createLivePages({
    pages: () => Promise.resolve(new Map([["/locations", world.listings], ...world.releases])),
    render: (path: string): Promise<RenderedPage> => {
      world.renders += 1;
      world.rendered.push(path);
      if (world.renderFails) return Promise.reject(new Error("database away"));
      const notice = world.notices?.announcement?.message ?? "";
      if (path !== "/locations") {
        const stamp = world.releases.get(path);
        if (stamp === undefined || world.gone.has(path)) {
          return Promise.resolve({ status: 404, html: slotted("Not found"), nonce: null });
        }
        return Promise.resolve({ status: 200, html: slotted(`Release ${path} ${stamp} ${notice}`), nonce: null });
      }
      return Promise.resolve({ status: 200, html: slotted(`Locations ${world.listings} ${notice}`), nonce: null });
    },
    notices: () => Promise.resolve(world.notices),
    analytics: () => Promise.resolve(world.analytics),
    renderNotices: (notices) => `<p>${notices.announcement?.message ?? ""}</p>`,
    prerendered: new Map([
      ["/about", about],
      ["/about/contact", contact],
    ]),
    served,
    stateChanged: (kept: ReadonlyMap<string, BuildFile>) => {
      world.kept = kept;
      world.changed += 1;
      return world.noticesChangedFails ? Promise.reject(new Error("404 render failed")) : Promise.resolve();
    },
    log,
  });
  const text = (file: BuildFile | undefined) => file?.identity.toString("utf8") ?? "";
  return { world, pages, served, about, text, log };
}

describe("the live public pages", () => {
  it("render at the first check, and again only when the listings or the notices change", async () => {
    const { world, pages, served, about, text } = await setup();
    expect(await pages.refresh()).toBe(true);
    expect(text(pages.files.get("/locations"))).toContain("Locations one");
    expect(await pages.refresh()).toBe(false);
    expect(world.renders).toBe(1);

    world.listings = "two";
    expect(await pages.refresh()).toBe(true);
    expect(text(pages.files.get("/locations"))).toContain("Locations two");
    // A listing is no notice: the prerendered pages stay the build's own.
    expect(served.get("/about")).toBe(about);

    world.notices = announcing("Closed on Friday");
    expect(await pages.refresh()).toBe(true);
    expect(text(served.get("/about"))).toContain('<div data-site-notices="" class="n"><p>Closed on Friday</p></div>');
    expect(text(pages.files.get("/locations"))).toContain("Closed on Friday");
    expect(pages.notices()?.announcement?.message).toBe("Closed on Friday");
    // The page with a form is answered elsewhere: it is told, not replaced here.
    expect(served.has("/about/contact")).toBe(false);

    world.notices = null;
    expect(await pages.refresh()).toBe(true);
    expect(served.get("/about")).toBe(about);
    expect(pages.notices()).toBeNull();
  });

  it("put the analytics data block after the slot, with the loaders' hosts in the CSP of every kept page", async () => {
    const { world, pages, served, about, text } = await setup();
    await pages.refresh();
    world.analytics = { webAnalytics: "G-ABCDE12345" };
    expect(await pages.refresh()).toBe(true);
    const block = '<script type="application/json" data-site-analytics="">{"webAnalytics":"G-ABCDE12345"}</script>';
    expect(text(served.get("/about"))).toContain(`<div data-site-notices="" class="n"></div>${block}<main>`);
    expect(pages.analytics()).toEqual({ webAnalytics: "G-ABCDE12345" });
    // The live page was rendered again (it carries the block per request), and the page with a form was told.
    expect(world.renders).toBe(2);
    expect(text(world.kept.get("/about/contact"))).toContain(block);
    for (const file of [served.get("/about"), world.kept.get("/about/contact"), pages.files.get("/locations")]) {
      expect(String(file?.headers.https["Content-Security-Policy"])).toContain(
        "connect-src 'self' https://*.google-analytics.com",
      );
    }

    world.notices = announcing("Closed on Friday");
    await pages.refresh();
    expect(text(served.get("/about"))).toContain(`<p>Closed on Friday</p></div>${block}<main>`);

    world.notices = null;
    world.analytics = null;
    expect(await pages.refresh()).toBe(true);
    expect(served.get("/about")).toBe(about);
    expect(String(pages.files.get("/locations")?.headers.https["Content-Security-Policy"])).not.toContain("https://");
  });

  it("mends at the next check what a failed render left: the live pages get the new notices too", async () => {
    const { world, pages, text } = await setup();
    await pages.refresh();
    world.notices = announcing("Closed on Friday");
    world.renderFails = true;
    await expect(pages.refresh()).rejects.toThrow("database away");
    // Still the page rendered before, whole.
    expect(text(pages.files.get("/locations"))).not.toContain("Closed on Friday");
    world.renderFails = false;
    expect(await pages.refresh()).toBe(true);
    expect(text(pages.files.get("/locations"))).toContain("Closed on Friday");
    expect(await pages.refresh()).toBe(false);
  });

  it("tells of the notices again when telling failed (the 404 template), until it is told", async () => {
    const { world, pages } = await setup();
    await pages.refresh();
    world.notices = announcing("Closed on Friday");
    world.noticesChangedFails = true;
    await expect(pages.refresh()).rejects.toThrow("404 render failed");
    world.noticesChangedFails = false;
    expect(await pages.refresh()).toBe(true);
    expect(world.changed).toBe(3);
    expect(await pages.refresh()).toBe(false);
  });

  it("says an outage once when it starts and once when it ends, not at every check", async () => {
    const { world, pages, log } = await setup();
    await pages.refresh();
    const said = () => log.entries.map((entry) => `${entry.level}: ${entry.message.split(";")[0] ?? ""}`);
    const stop = pages.watch(5);
    try {
      world.listings = "two";
      world.renderFails = true;
      // Several checks fail (each tries to render again)…
      const before = world.renders;
      await vi.waitFor(() => expect(world.renders).toBeGreaterThan(before + 3));
      // …and the log has one line for them.
      expect(said()).toEqual(["warn: the live public pages could not be brought up to date"]);
      world.renderFails = false;
      await vi.waitFor(() => expect(said()).toHaveLength(2));
      expect(said()[1]).toBe("info: the live public pages are up to date again");
      world.listings = "three";
      world.renderFails = true;
      await vi.waitFor(() => expect(said()).toHaveLength(3));
    } finally {
      stop();
    }
  });

  it("render each release page when its own stamp changes, and drop a page no longer listed", async () => {
    const { world, pages, text } = await setup();
    world.releases.set("/releases/v5/5.2.0", "a");
    world.releases.set("/releases/v5/5.2.1", "a");
    await pages.refresh();
    expect(text(pages.files.get("/releases/v5/5.2.1"))).toContain("Release /releases/v5/5.2.1 a");
    expect(world.rendered.sort()).toEqual(["/locations", "/releases/v5/5.2.0", "/releases/v5/5.2.1"]);

    // One release edited: that page alone is rendered again.
    world.rendered = [];
    world.releases.set("/releases/v5/5.2.1", "b");
    expect(await pages.refresh()).toBe(true);
    expect(world.rendered).toEqual(["/releases/v5/5.2.1"]);
    expect(text(pages.files.get("/releases/v5/5.2.1"))).toContain("Release /releases/v5/5.2.1 b");

    // Unpublished: no longer listed, no longer kept (the address then goes to the router, which answers 404).
    world.rendered = [];
    world.releases.delete("/releases/v5/5.2.0");
    expect(await pages.refresh()).toBe(true);
    expect(world.rendered).toEqual([]);
    expect(pages.files.has("/releases/v5/5.2.0")).toBe(false);

    // Listed but gone by the time it renders: not kept, and not asked for again every second.
    world.releases.set("/releases/v5/5.3.0", "a");
    world.gone.add("/releases/v5/5.3.0");
    expect(await pages.refresh()).toBe(true);
    expect(pages.files.has("/releases/v5/5.3.0")).toBe(false);
    expect(await pages.refresh()).toBe(false);

    // New notices: every live page shows them.
    world.gone.clear();
    world.rendered = [];
    world.notices = announcing("Closed on Friday");
    expect(await pages.refresh()).toBe(true);
    expect(world.rendered.sort()).toEqual(["/locations", "/releases/v5/5.2.1", "/releases/v5/5.3.0"]);
    expect(text(pages.files.get("/releases/v5/5.3.0"))).toContain("Closed on Friday");
  });

  it("shares one check between calls that come while it runs", async () => {
    const { world, pages } = await setup();
    const [first, second] = await Promise.all([pages.refresh(), pages.refresh()]);
    expect([first, second]).toEqual([true, true]);
    expect(world.renders).toBe(1);
  });
});

describe("a page the server rendered, kept as fixed bytes", () => {
  it("allows by hash only the inline scripts its render wrote, with their nonce taken out", async () => {
    const html =
      '<script nonce="abc">ours()</script><p>Hello</p><script>injected()</script><script type="application/ld+json">{}</script>';
    const file = await renderedPageFile("/locations", html, { nonce: "abc" });
    expect(file.identity.toString("utf8")).toBe(html.replace(' nonce="abc"', ""));
    const csp = String(file.headers.https["Content-Security-Policy"]);
    expect(csp).not.toContain("'nonce-");
    expect(file.scriptHashes).toHaveLength(1);
    expect(csp).toContain(`'${file.scriptHashes[0] ?? ""}'`);
    expect(file.scriptHashes[0]).toBe(`sha256-${createHash("sha256").update("ours()").digest("base64")}`);
  });
});
