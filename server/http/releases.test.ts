import { parseFeed } from "@rowanmanning/feed-parser";
import { eq } from "drizzle-orm";
import { parseAtomFeed } from "feedsmith";
import { SaxesParser } from "saxes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAuthHarness, type AuthHarness } from "../../tests/support/auth-harness.ts";
import { domainContext, systemAdmin } from "../../tests/support/domain.ts";
import { signInAs, type SignedInPerson } from "../../tests/support/graphql.ts";
import { activity } from "../db/schema/index.ts";
import { uploadMedia, type Media } from "../domain/media/index.ts";
import { createRelease, publishRelease, type Release } from "../domain/releases/index.ts";

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
