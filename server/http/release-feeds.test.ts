import { describe, expect, it } from "vitest";
import { readAtom, readJsonFeed } from "../../tests/support/feeds.ts";
import { forbiddenControls, holdsForbidden, hostileNotes } from "../../tests/support/hostile-notes.ts";
import type { Release, ReleaseAsset } from "../domain/releases/index.ts";
import { renderMarkdown } from "../markdown/render.ts";
import { feedFormats, notesForFeed, type Feed } from "./releases.ts";

const origin = new URL("https://portal.example.test");
const imageId = "7d3f8a52-2c1e-4b7a-9f0e-3a5b6c7d8e9f";

function release(versionNumber: string, notes: string, notesHtml: string): Release {
  return {
    id: `00000000-0000-4000-8000-0000000000${versionNumber.replaceAll(".", "")}`.slice(0, 36),
    product: "v4",
    channel: "stable",
    versionNumber,
    versionKey: versionNumber,
    releasedOn: "2026-11-21",
    notes,
    notesHtml,
    publishedAt: new Date("2026-11-21T10:00:00Z"),
    createdById: null,
    version: 1,
    createdAt: new Date("2026-11-20T10:00:00Z"),
    updatedAt: new Date("2026-11-21T10:00:00Z"),
  };
}

const asset = (releaseId: string, name: string): ReleaseAsset => ({
  releaseId,
  id: "0f1e2d3c-4b5a-4697-8877-665544332211",
  name,
  kind: "archive",
  contentType: "application/gzip",
  size: 123_456,
  sha256: "a".repeat(64),
});

/**
 * The feed writers alone, over the whole corpus of hostile notes (with U+0000, which no
 * database row can hold): rendered as the notes' renderer renders them, and also written
 * straight into the HTML, as a row saved before any rule would hold them. Every feed stays
 * readable by each reader, and every entry links to the release's public page.
 */
describe("the release feeds' writers", () => {
  async function feed(): Promise<Feed> {
    const rendered = await renderMarkdown(`${hostileNotes}\n\n![The new screen](/media/${imageId})`);
    const entries = [
      release("4.9.2", hostileNotes, rendered.html),
      // The characters straight into the HTML, where no renderer stood between.
      release("4.9.1", hostileNotes, `<p>${hostileNotes}</p><p><a href="/products/v4">v4</a></p>`),
    ].map((row) => ({ release: row, assets: [asset(row.id, `package ${forbiddenControls} \u202e.gz`)] }));
    return { product: "v4", entries, origin, siteName: "Densara" };
  }
  const pages = ["https://portal.example.test/releases/v4/4.9.2", "https://portal.example.test/releases/v4/4.9.1"];

  it("writes Atom that a strict XML parser and two feed parsers read alike, each entry linking to its page", async () => {
    const xml = feedFormats.atom.write(await feed(), "https://portal.example.test/releases/v4.atom");
    const read = readAtom(xml);
    expect(read.errors).toEqual([]);
    for (const entries of [read.feedsmith, read.rowanmanning]) {
      expect(entries.map((entry) => entry.title)).toEqual(["Densara v4 4.9.2", "Densara v4 4.9.1"]);
      expect(entries.map((entry) => entry.link)).toEqual(pages);
      const [first] = entries;
      expect(first?.content).toContain("Soft line break");
      expect(first?.content).toContain("A very long line");
      expect(first?.content).toContain("🦴");
      // Pictures and links within the site are absolute: a reader resolves them against nothing of ours.
      expect(first?.content).toContain(`src="https://portal.example.test/media/${imageId}"`);
      expect(entries[1]?.content).toContain('href="https://portal.example.test/products/v4"');
      for (const entry of entries) expect(holdsForbidden(entry.content), entry.title).toBe(false);
    }
    expect(read.feedsmith.map((entry) => entry.id)).toEqual(read.rowanmanning.map((entry) => entry.id));
    // The script stayed text: escaped once in the notes, and again as the entry's content.
    expect(xml).not.toContain("<script>");
  });

  it("writes JSON Feed 1.1 that feedsmith and the specification read alike, each item linking to its page", async () => {
    const body = feedFormats["feed.json"].write(await feed(), "https://portal.example.test/releases/v4.feed.json");
    const read = readJsonFeed(body);
    expect(read.feedsmith).toEqual(read.specification);
    expect(read.feedsmith.map((item) => item.link)).toEqual(pages);
    // The same ids as the Atom entries: a reader of both sees one release.
    expect(read.feedsmith[0]?.id).toMatch(/^urn:uuid:/);
    for (const item of read.feedsmith) {
      expect(holdsForbidden(item.content), item.title).toBe(false);
      expect(item.content.isWellFormed()).toBe(true);
    }
    expect(read.feedsmith[0]?.content).toContain(`src="https://portal.example.test/media/${imageId}"`);
    expect(body.isWellFormed()).toBe(true);
  });

  it("keeps the device manifest as devices read it, with each release's page beside it", async () => {
    const manifest = JSON.parse(feedFormats.json.write(await feed())) as {
      product: string;
      latest: string;
      releases: { version: string; page: string; notesHtml: string; downloads: { url: string; sha256: string }[] }[];
    };
    expect(manifest.product).toBe("v4");
    expect(manifest.latest).toBe("4.9.2");
    expect(manifest.releases.map((entry) => entry.page)).toEqual(pages);
    expect(manifest.releases[0]?.downloads[0]?.url).toMatch(/^https:\/\/portal\.example\.test\/downloads\/releases\//);
  });
});

describe("notes as a feed carries them", () => {
  it("makes the site's own addresses absolute in attributes only, never in the text", () => {
    const html =
      '<p>Type src="/etc" in the text, and <a href="/docs/a?b=1&#x26;c=2">a link</a> or <a href="//evil.example/x">this</a>.</p><img src="/media/x" alt="Say href=&#x22;/no&#x22;">';
    expect(notesForFeed(html, origin)).toBe(
      '<p>Type src="/etc" in the text, and <a href="https://portal.example.test/docs/a?b=1&#x26;c=2">a link</a> or <a href="//evil.example/x">this</a>.</p><img src="https://portal.example.test/media/x" alt="Say href=&#x22;/no&#x22;">',
    );
  });
});
