import { parseFeed } from "@rowanmanning/feed-parser";
import { eq } from "drizzle-orm";
import { parseAtomFeed } from "feedsmith";
import { SaxesParser } from "saxes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAuthHarness, type AuthHarness } from "../../tests/support/auth-harness.ts";
import { domainContext, systemAdmin } from "../../tests/support/domain.ts";
import { signInAs, type SignedInPerson } from "../../tests/support/graphql.ts";
import { startS3Server } from "../../tests/support/s3-server.ts";
import { activity } from "../db/schema/index.ts";
import { uploadMedia, type Media } from "../domain/media/index.ts";
import { createRelease, publishRelease, type Release } from "../domain/releases/index.ts";
import type { BlobStore } from "../storage/blob-store.ts";
import { openS3Store } from "../storage/s3.ts";

/** Release notes as people paste them: controls from word processors and terminals, markup, noncharacters. */
const hostileNotes = [
  "## Fixes",
  "",
  "- Soft line break\u000bfrom a word processor",
  "- Escape \u001b[31mred\u001b[0m from a terminal, start of heading \u0001",
  "- Noncharacters \ufffe\uffff and <script>alert(1)</script> & ]]>",
  "- Right-to-left \u202e and 🦴",
].join("\n");

/**
 * The releases' public feeds and recorded downloads, over HTTP from the real server: what
 * a device, a partner's feed reader and a signed-in technician meet.
 */
describe("release feeds and downloads", () => {
  let harness: AuthHarness;
  let viewer: SignedInPerson;
  let firmware: Media;
  const made: Record<string, Release> = {};

  beforeAll(async () => {
    harness = await startAuthHarness("pglite");
    viewer = await signInAs(harness, "viewer", "release-viewer");
    const as = domainContext(harness.database.db, systemAdmin, { files: harness.files });
    firmware = await uploadMedia(as, {
      file: new TextEncoder().encode("%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n%%EOF\n"),
      name: "v5 install guide.pdf",
    });
    const release = async (channel: "stable" | "beta", versionNumber: string, publish: boolean) => {
      const created = await createRelease(as, {
        product: "v5",
        channel,
        versionNumber,
        releasedOn: "2026-11-20",
        notes: `## ${versionNumber}\n\n- Faster start-up.`,
        assetIds: [firmware.id],
      });
      made[versionNumber] = publish ? await publishRelease(as, { id: created.id, version: created.version }) : created;
    };
    await release("stable", "5.1.0", true);
    await release("stable", "5.2.0", true);
    await release("stable", "5.3.0", false);
    await release("beta", "5.4.0-beta.1", true);
    // The v4 feed carries notes pasted from everywhere: each line once broke the feed.
    const hostile = await createRelease(as, {
      product: "v4",
      channel: "stable",
      versionNumber: "4.9.1",
      releasedOn: "2026-11-21",
      notes: hostileNotes,
      assetIds: [firmware.id],
    });
    await publishRelease(as, { id: hostile.id, version: hostile.version });
  }, 60_000);
  afterAll(async () => {
    await harness.close();
  });

  it("lists published stable releases newest first in JSON, with each download's SHA-256, and never a draft or beta", async () => {
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

  it("answers 304 to a matching If-None-Match, for JSON and Atom", async () => {
    for (const path of ["/releases/v5.json", "/releases/v5.atom"]) {
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

  it("keeps the Atom feed well formed whatever the notes hold: a strict XML parser and two feed readers read it", async () => {
    const xml = await (await fetch(new URL("/releases/v4.atom", harness.origin))).text();
    const strict = new SaxesParser({ xmlns: true });
    const errors: string[] = [];
    strict.on("error", (error) => errors.push(error.message));
    strict.write(xml).close();
    expect(errors).toEqual([]);

    const read = parseAtomFeed(xml);
    expect(read.entries?.map((entry) => entry.title?.value)).toEqual(["Densara v4 4.9.1"]);
    expect(read.entries?.[0]?.content?.value).toContain("Soft line break");
    const other = parseFeed(xml);
    expect(other.items.map((item) => item.title)).toEqual(["Densara v4 4.9.1"]);
    expect(other.items[0]?.content).toContain("Escape");
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
