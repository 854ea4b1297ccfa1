import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { servedPage, startAuthHarness, type AuthHarness } from "../../tests/support/auth-harness.ts";
import { domainContext, systemAdmin } from "../../tests/support/domain.ts";
import { readAtom, readJsonFeed } from "../../tests/support/feeds.ts";
import { signInAs, type SignedInPerson } from "../../tests/support/graphql.ts";
import { holdsForbidden, storableHostileNotes } from "../../tests/support/hostile-notes.ts";
import { startS3Server } from "../../tests/support/s3-server.ts";
import { activity, releases } from "../db/schema/index.ts";
import { updateMedia, uploadMedia, type Media } from "../domain/media/index.ts";
import { createRelease, publishRelease, unpublishRelease, type Release } from "../domain/releases/index.ts";
import { renderMarkdown } from "../markdown/render.ts";
import type { BlobStore } from "../storage/blob-store.ts";
import { openS3Store } from "../storage/s3.ts";

/**
 * The releases' public pages, feeds and recorded downloads, over HTTP from the real
 * server: what a visitor, a device, a partner's feed reader and a signed-in technician meet.
 */
describe("release pages, feeds and downloads", () => {
  let harness: AuthHarness;
  let viewer: SignedInPerson;
  let firmware: Media;
  /** An image the notes of a published stable release show, and one only a draft's notes show. */
  const images: Record<"shown" | "draftOnly", Media> = {} as Record<"shown" | "draftOnly", Media>;
  const made: Record<string, Release> = {};

  beforeAll(async () => {
    harness = await startAuthHarness("pglite");
    viewer = await signInAs(harness, "viewer", "release-viewer");
    const as = domainContext(harness.database.db, systemAdmin, { files: harness.files });
    firmware = await uploadMedia(as, {
      file: new TextEncoder().encode("%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n%%EOF\n"),
      name: "v5 install guide.pdf",
    });
    for (const [key, background] of [
      ["shown", "#0f766e"],
      ["draftOnly", "#7c2d12"],
    ] as const) {
      const file = await uploadMedia(as, {
        file: new Uint8Array(
          await sharp({ create: { width: 80, height: 60, channels: 3, background } })
            .png()
            .toBuffer(),
        ),
        name: `${key}.png`,
      });
      images[key] = await updateMedia(as, {
        id: file.id,
        version: file.version,
        name: file.name,
        alt: `The ${key} screen`,
      });
    }
    const release = async (channel: "stable" | "beta", versionNumber: string, publish: boolean, image?: Media) => {
      const created = await createRelease(as, {
        product: "v5",
        channel,
        versionNumber,
        releasedOn: "2026-11-20",
        notes: `## ${versionNumber}\n\n- Faster start-up.${image ? `\n\n![${image.alt ?? ""}](/media/${image.id})` : ""}`,
        assetIds: [firmware.id],
      });
      made[versionNumber] = publish ? await publishRelease(as, { id: created.id, version: created.version }) : created;
    };
    await release("stable", "5.1.0", true);
    await release("stable", "5.2.0", true, images.shown);
    await release("stable", "5.3.0", false, images.draftOnly);
    await release("beta", "5.4.0-beta.1", true);
    // The v4 release's notes hold everything people paste and type. They are written into
    // the row, as a row saved before any input rule would hold them.
    const hostile = await createRelease(as, {
      product: "v4",
      channel: "stable",
      versionNumber: "4.9.1",
      releasedOn: "2026-11-21",
      notes: "## 4.9.1\n\n- Fixes.",
      assetIds: [firmware.id],
    });
    await publishRelease(as, { id: hostile.id, version: hostile.version });
    const rendered = await renderMarkdown(storableHostileNotes);
    await harness.database.db
      .update(releases)
      .set({ notes: storableHostileNotes, notesHtml: rendered.html })
      .where(eq(releases.id, hostile.id));
    // The server keeps the pages it has at start; these came after.
    await harness.server.livePages.refresh();
  }, 120_000);
  afterAll(async () => {
    await harness.close();
  });

  const page = (product: string, versionNumber: string) => `${harness.origin}/releases/${product}/${versionNumber}`;

  it("gives a visitor each published stable release's page: notes, files with SHA-256, sign-in to download", async () => {
    const visitor = harness.newBrowser();
    const response = await visitor.fetch("/releases/v5/5.2.0");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).toMatch(/<h1[^>]*>Densara v5 5\.2\.0<\/h1>/);
    expect(html).toContain("<h2>5.2.0</h2>");
    expect(html).toContain(`<img src="/media/${images.shown.id}" alt="The shown screen"`);
    expect(html).toContain(firmware.sha256);
    expect(html).toContain("v5 install guide.pdf");
    // Breadcrumbs back to the product generation.
    expect(html).toMatch(/<nav aria-label="Breadcrumb">.*href="\/products".*href="\/products\/v5"/s);
    // The download leads a visitor to sign in and back; signed in, the same place downloads.
    expect(html).toContain(`href="/auth/login?returnTo=${encodeURIComponent("/releases/v5/5.2.0#files")}"`);
    expect(html).toContain(`href="/downloads/releases/${made["5.2.0"]?.id}/${firmware.id}"`);
    // Both feeds are named in the head.
    expect(html).toContain('<link rel="alternate" type="application/atom+xml" href="/releases/v5.atom"');
    expect(html).toContain('<link rel="alternate" type="application/feed+json" href="/releases/v5.feed.json"');
    // Kept as fixed bytes (ADR 029): no nonce, a strong ETag, a 304.
    expect((await servedPage(visitor, "/releases/v5/5.2.0")).fixed).toBe(true);

    // The hostile notes leave no character HTML forbids, and no script.
    const hostile = await (await visitor.fetch("/releases/v4/4.9.1")).text();
    expect(hostile).toContain("Soft line break");
    expect(holdsForbidden(hostile)).toBe(false);
    expect(hostile).not.toContain("<script>alert");
  });

  it("answers 404 for a draft, a beta, an unpublished release and any other address there, signed in or not", async () => {
    for (const browser of [harness.newBrowser(), viewer.browser]) {
      for (const path of [
        "/releases/v5/5.3.0",
        "/releases/v5/5.4.0-beta.1",
        "/releases/v5/9.9.9",
        "/releases/v6/5.2.0",
        "/releases/v5/05.2.0",
      ]) {
        expect((await browser.fetch(path)).status, path).toBe(404);
      }
    }
    // Unpublished, the page goes (once the server's check has run, within a second).
    const as = domainContext(harness.database.db, systemAdmin, { files: harness.files });
    const older = made["5.1.0"];
    if (!older) throw new Error("no 5.1.0");
    expect((await fetch(page("v5", "5.1.0"))).status).toBe(200);
    made["5.1.0"] = await unpublishRelease(as, { id: older.id, version: older.version });
    await harness.server.livePages.refresh();
    expect((await fetch(page("v5", "5.1.0"))).status).toBe(404);
    made["5.1.0"] = await publishRelease(as, { id: older.id, version: (made["5.1.0"] ?? older).version });
    await harness.server.livePages.refresh();
    expect((await fetch(page("v5", "5.1.0"))).status).toBe(200);
  });

  it("lets a visitor load the images a public release's notes show, and no other file", async () => {
    const shown = await fetch(new URL(`/media/${images.shown.id}`, harness.origin), { redirect: "manual" });
    expect(shown.status).toBe(302);
    const file = await fetch(new URL(shown.headers.get("location") ?? "", harness.origin));
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/png");
    // A draft's image and the release's own download stay behind sign-in.
    expect((await fetch(new URL(`/media/${images.draftOnly.id}`, harness.origin))).status).toBe(401);
    expect((await fetch(new URL(`/media/${firmware.id}`, harness.origin))).status).toBe(401);
    const folder = images.draftOnly.folder.slice("media/".length);
    const draftFile = await fetch(new URL(`/media/${images.draftOnly.id}/${folder}/original`, harness.origin));
    expect(draftFile.status).toBe(401);
  });

  it("links every Atom and JSON Feed entry to its public page, the feeds' own ids and links as they were", async () => {
    const atom = await fetch(new URL("/releases/v5.atom", harness.origin));
    const xml = await atom.text();
    expect(xml).toContain(`<id>${harness.origin}/releases/v5.atom</id>`);
    expect(xml).toContain(`<link rel="self" type="application/atom+xml" href="${harness.origin}/releases/v5.atom"/>`);
    const read = readAtom(xml);
    expect(read.errors).toEqual([]);
    for (const entries of [read.feedsmith, read.rowanmanning]) {
      expect(entries.map((entry) => entry.link)).toEqual([page("v5", "5.2.0"), page("v5", "5.1.0")]);
      expect(entries.map((entry) => entry.id)).toEqual([
        `urn:uuid:${made["5.2.0"]?.id}`,
        `urn:uuid:${made["5.1.0"]?.id}`,
      ]);
      // The picture's address is absolute, and a visitor may load it (above).
      expect(entries[0]?.content).toContain(`src="${harness.origin}/media/${images.shown.id}"`);
    }

    const json = await fetch(new URL("/releases/v5.feed.json", harness.origin));
    expect(json.headers.get("content-type")).toBe("application/feed+json; charset=utf-8");
    expect(json.headers.get("cache-control")).toBe("public, max-age=300, must-revalidate");
    const items = readJsonFeed(await json.text());
    expect(items.feedsmith).toEqual(items.specification);
    expect(items.feedsmith.map((item) => item.link)).toEqual([page("v5", "5.2.0"), page("v5", "5.1.0")]);
    expect(items.feedsmith.map((item) => item.id)).toEqual(read.feedsmith.map((entry) => entry.id));
  });

  it("keeps both feeds readable by every reader whatever the notes hold", async () => {
    const atom = readAtom(await (await fetch(new URL("/releases/v4.atom", harness.origin))).text());
    expect(atom.errors).toEqual([]);
    const json = readJsonFeed(await (await fetch(new URL("/releases/v4.feed.json", harness.origin))).text());
    for (const entries of [atom.feedsmith, atom.rowanmanning, json.feedsmith, json.specification]) {
      expect(entries.map((entry) => entry.title)).toEqual(["Densara v4 4.9.1"]);
      expect(entries.map((entry) => entry.link)).toEqual([page("v4", "4.9.1")]);
      expect(entries[0]?.content).toContain("Soft line break");
      expect(entries[0]?.content).toContain("🦴");
      expect(holdsForbidden(entries[0]?.content ?? "")).toBe(false);
    }
  });

  it("lists the release pages in the sitemap, and never a draft's or a beta's", async () => {
    const sitemap = await (await fetch(new URL("/sitemap.xml", harness.origin))).text();
    const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? "").pathname);
    expect(listed.filter((path) => path.startsWith("/releases/"))).toEqual([
      "/releases/v4/4.9.1",
      "/releases/v5/5.2.0",
      "/releases/v5/5.1.0",
    ]);
  });

  it("lists published stable releases newest first in the device manifest, with each download's SHA-256", async () => {
    const response = await fetch(new URL("/releases/v5.json", harness.origin));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("public, max-age=300, must-revalidate");
    const feed = (await response.json()) as {
      latest: string;
      releases: { version: string; downloads: { name: string; sha256: string; url: string }[] }[];
    };
    expect(feed.latest).toBe("5.2.0");
    expect(feed.releases.map((release) => release.version)).toEqual(["5.2.0", "5.1.0"]);
    expect(feed.releases[0]?.downloads).toEqual([
      {
        name: "v5 install guide.pdf",
        contentType: "application/pdf",
        size: firmware.size,
        sha256: firmware.sha256,
        url: `${harness.origin}/downloads/releases/${made["5.2.0"]?.id}/${firmware.id}`,
      },
    ]);
    // The other generation's feed holds its own releases only.
    const v4 = (await (await fetch(new URL("/releases/v4.json", harness.origin))).json()) as {
      releases: { version: string }[];
    };
    expect(v4.releases.map((release) => release.version)).toEqual(["4.9.1"]);
  });

  it("answers 304 to a matching If-None-Match, for each feed", async () => {
    for (const path of ["/releases/v5.json", "/releases/v5.atom", "/releases/v5.feed.json"]) {
      const first = await fetch(new URL(path, harness.origin));
      const etag = first.headers.get("etag") ?? "";
      // Weak once compressed (the compression middleware marks it so); a weak match is a match.
      expect(etag).toMatch(/^(W\/)?"[\w-]{32}"$/);
      const again = await fetch(new URL(path, harness.origin), { headers: { "if-none-match": etag } });
      expect(again.status).toBe(304);
      expect(await again.text()).toBe("");
      const other = await fetch(new URL(path, harness.origin), { headers: { "if-none-match": '"something-else"' } });
      expect(other.status).toBe(200);
    }
  });

  it("gives people an Atom feed of the same releases, escaped, without drafts or betas", async () => {
    const response = await fetch(new URL("/releases/v5.atom", harness.origin));
    expect(response.headers.get("content-type")).toBe("application/atom+xml; charset=utf-8");
    const xml = await response.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="utf-8"\?>\n<feed xmlns="http:\/\/www.w3.org\/2005\/Atom">/);
    expect(xml.match(/<entry>/g)).toHaveLength(2);
    expect(xml).toContain("<title>Densara v5 5.2.0</title>");
    expect(xml).toContain("&lt;h2&gt;5.2.0&lt;/h2&gt;");
    expect(xml).not.toContain("5.3.0");
    expect(xml).not.toContain("beta");
    expect((await fetch(new URL("/releases/v6.json", harness.origin))).status).toBe(404);
  });

  it("records each download, and asks people who are not signed in to sign in", async () => {
    const path = `/downloads/releases/${made["5.2.0"]?.id}/${firmware.id}`;
    expect((await fetch(new URL(path, harness.origin))).status).toBe(401);
    const response = await viewer.browser.fetch(path);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="v5 install guide.pdf"/);
    expect(response.headers.get("x-checksum-sha256")).toBe(firmware.sha256);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect((await response.arrayBuffer()).byteLength).toBe(firmware.size);
    const recorded = await harness.database.db.select().from(activity).where(eq(activity.action, "release.download"));
    expect(recorded.map((entry) => entry.actorId)).toEqual([viewer.user.id]);

    // A draft's file is not there for a viewer.
    const draft = await viewer.browser.fetch(`/downloads/releases/${made["5.3.0"]?.id}/${firmware.id}`);
    expect(draft.status).toBe(404);
  });
});

/**
 * Byte ranges and what a download leaves in the activity log, over HTTP on each file
 * store: S3 reads a part with GetObject's Range, the filesystem with a read stream's.
 */
describe.each(["filesystem", "s3"] as const)("release downloads from the %s store", (storeKind) => {
  let harness: AuthHarness;
  let viewer: SignedInPerson;
  let path: string;
  let bytes: Uint8Array;
  let stopS3: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    let files: BlobStore | undefined;
    if (storeKind === "s3") {
      const server = await startS3Server("downloads");
      stopS3 = () => server.stop();
      files = openS3Store({
        bucket: "downloads",
        region: "us-east-1",
        endpoint: server.endpoint,
        forcePathStyle: true,
        credentials: server.credentials,
        prefix: "portal/",
      });
    }
    harness = await startAuthHarness("pglite", files ? { files } : {});
    viewer = await signInAs(harness, "viewer", "range-viewer");
    // A package of 3,000 bytes whose every part is different, so a wrong part shows.
    const lines = Array.from({ length: 150 }, (_, index) => `% part ${String(index).padStart(10, "0")}\n`);
    bytes = new TextEncoder().encode(`%PDF-1.7\n${lines.join("")}%%EOF\n`.padEnd(3000, "%"));
    const as = domainContext(harness.database.db, systemAdmin, { files: harness.files });
    const file = await uploadMedia(as, { file: bytes, name: "v5 package.pdf" });
    expect(file.size).toBe(3000);
    const created = await createRelease(as, {
      product: "v5",
      channel: "stable",
      versionNumber: "5.6.0",
      releasedOn: "2026-11-20",
      notes: "## 5.6.0\n\n- Resumable.",
      assetIds: [file.id],
    });
    await publishRelease(as, { id: created.id, version: created.version });
    path = `/downloads/releases/${created.id}/${file.id}`;
  }, 120_000);
  afterAll(async () => {
    await harness.close();
    await stopS3?.();
  });

  const recorded = async () =>
    (await harness.database.db.select().from(activity).where(eq(activity.action, "release.download"))).length;
  const part = (start: number, end: number) => Array.from(bytes.slice(start, end + 1));
  const body = async (response: Response) => Array.from(new Uint8Array(await response.arrayBuffer()));

  it("answers HEAD, whole files, one range, a suffix, several, nonsense and past the end, recording one download a day", async () => {
    // HEAD: the whole file's headers, no body, nothing recorded.
    const head = await viewer.browser.fetch(path, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("accept-ranges")).toBe("bytes");
    expect(head.headers.get("content-length")).toBe("3000");
    expect(head.headers.get("content-disposition")).toMatch(/^attachment; filename="v5 package.pdf"/);
    expect(await head.arrayBuffer()).toHaveProperty("byteLength", 0);
    expect(await recorded()).toBe(0);

    // The first GET is the day's download.
    const first = await viewer.browser.fetch(path);
    expect(first.status).toBe(200);
    expect(first.headers.get("accept-ranges")).toBe("bytes");
    expect(first.headers.get("cache-control")).toBe("private, no-store");
    const etag = first.headers.get("etag") ?? "";
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    expect(await body(first)).toEqual(Array.from(bytes));
    expect(await recorded()).toBe(1);

    // The same day: the file again, then as a resuming client asks for it. Nothing more is recorded.
    expect((await viewer.browser.fetch(path)).status).toBe(200);

    const single = await viewer.browser.fetch(path, { headers: { range: "bytes=100-199" } });
    expect(single.status).toBe(206);
    expect(single.headers.get("content-range")).toBe("bytes 100-199/3000");
    expect(single.headers.get("content-length")).toBe("100");
    expect(single.headers.get("accept-ranges")).toBe("bytes");
    expect(await body(single)).toEqual(part(100, 199));

    const suffix = await viewer.browser.fetch(path, { headers: { range: "bytes=-500" } });
    expect(suffix.status).toBe(206);
    expect(suffix.headers.get("content-range")).toBe("bytes 2500-2999/3000");
    expect(await body(suffix)).toEqual(part(2500, 2999));

    const resumed = await viewer.browser.fetch(path, { headers: { range: "bytes=1200-", "if-range": etag } });
    expect(resumed.status).toBe(206);
    expect(resumed.headers.get("content-range")).toBe("bytes 1200-2999/3000");
    expect(await body(resumed)).toEqual(part(1200, 2999));

    // If-Range naming another file: the whole file, never a part spliced onto the wrong one.
    const changed = await viewer.browser.fetch(path, { headers: { range: "bytes=1200-", "if-range": '"older"' } });
    expect(changed.status).toBe(200);
    expect(await body(changed)).toEqual(Array.from(bytes));

    // Several separate ranges: the whole file (RFC 9110 lets a server ignore them); touching ones merge.
    const several = await viewer.browser.fetch(path, { headers: { range: "bytes=0-9,2000-2009" } });
    expect(several.status).toBe(200);
    expect(several.headers.get("content-length")).toBe("3000");
    expect(await body(several)).toEqual(Array.from(bytes));
    const touching = await viewer.browser.fetch(path, { headers: { range: "bytes=0-9,10-19" } });
    expect(touching.status).toBe(206);
    expect(await body(touching)).toEqual(part(0, 19));

    // A header that is not a range: ignored, the whole file.
    const nonsense = await viewer.browser.fetch(path, { headers: { range: "bytes=abc" } });
    expect(nonsense.status).toBe(200);
    expect(await body(nonsense)).toEqual(Array.from(bytes));

    // Past the end: 416 with the file's size, and nothing sent.
    const past = await viewer.browser.fetch(path, { headers: { range: "bytes=3000-" } });
    expect(past.status).toBe(416);
    expect(past.headers.get("content-range")).toBe("bytes */3000");
    expect(past.headers.get("accept-ranges")).toBe("bytes");
    await past.arrayBuffer();

    expect(await recorded()).toBe(1);

    // The next day, the same file (resumed, even) is a download again: one more.
    harness.clock.offsetMs = 24 * 60 * 60 * 1000;
    try {
      const tomorrow = await viewer.browser.fetch(path, { headers: { range: "bytes=2900-" } });
      expect(tomorrow.status).toBe(206);
      expect(await body(tomorrow)).toEqual(part(2900, 2999));
      expect((await viewer.browser.fetch(path, { method: "HEAD" })).status).toBe(200);
      await (await viewer.browser.fetch(path)).arrayBuffer();
      expect(await recorded()).toBe(2);
    } finally {
      harness.clock.offsetMs = 0;
    }
  });

  it("answers a range past the end, and HEAD, only to someone who may download the file", async () => {
    expect((await fetch(new URL(path, harness.origin), { method: "HEAD" })).status).toBe(401);
    const anonymous = await fetch(new URL(path, harness.origin), { headers: { range: "bytes=5000-" } });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("content-range")).toBeNull();
  });
});
