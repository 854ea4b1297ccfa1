import { createHash } from "node:crypto";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { etagMatches, inlineScriptHashes, loadPrerenderedPages } from "./prerendered.ts";

const sha256 = (text: string) => `sha256-${createHash("sha256").update(text, "utf8").digest("base64")}`;

describe("inlineScriptHashes", () => {
  it("hashes the exact text of each inline script, as CSP expects", () => {
    const first = "document.documentElement.classList.add('js');";
    const second = '\n  console.log("é ✓");\n';
    const html = `<html><head><script nonce="DENSARA_CSP_NONCE">${first}</script></head><body><script type="speculationrules">${second}</script></body></html>`;
    expect(inlineScriptHashes(html)).toEqual([sha256(first), sha256(second)]);
  });

  it("ignores scripts with a src, and empty scripts", () => {
    const html =
      '<script src="/assets/site.js"></script><script type="module" src="/a.js" nonce="x"></script><script></script><script>ok()</script>';
    expect(inlineScriptHashes(html)).toEqual([sha256("ok()")]);
  });

  it("leaves out data blocks, which run nowhere and need no hash", () => {
    const html =
      '<script type="application/ld+json">{"@type":"Hospital"}</script><script type="application/json">[1]</script><script>run()</script>';
    expect(inlineScriptHashes(html)).toEqual([sha256("run()")]);
  });

  it("lists a repeated script once", () => {
    expect(inlineScriptHashes("<script>a()</script><p></p><script>a()</script>")).toEqual([sha256("a()")]);
  });

  it("returns nothing for a page without scripts", () => {
    expect(inlineScriptHashes("<p>No scripts here</p>")).toEqual([]);
  });
});

describe("etagMatches", () => {
  const etag = 'W/"abc123"';

  it("is false without an If-None-Match header", () => {
    expect(etagMatches(undefined, etag)).toBe(false);
    expect(etagMatches("", etag)).toBe(false);
  });

  it("compares weakly: W/ prefixes on either side do not matter", () => {
    expect(etagMatches('W/"abc123"', etag)).toBe(true);
    expect(etagMatches('"abc123"', etag)).toBe(true);
    expect(etagMatches('W/"abc123"', '"abc123"')).toBe(true);
  });

  it("does not match a different tag", () => {
    expect(etagMatches('W/"abc124"', etag)).toBe(false);
    expect(etagMatches('"abc12"', etag)).toBe(false);
  });

  it("matches any tag in a comma-separated list, with or without spaces", () => {
    expect(etagMatches('"x", W/"abc123"', etag)).toBe(true);
    expect(etagMatches('"x",W/"abc123" , "y"', etag)).toBe(true);
    expect(etagMatches('"x", "y"', etag)).toBe(false);
  });

  it("matches * against any tag", () => {
    expect(etagMatches("*", etag)).toBe(true);
    expect(etagMatches(" * ", etag)).toBe(true);
  });
});

describe("loadPrerenderedPages", () => {
  let dir = "";
  const home = "<!doctype html><title>Home</title><script>home()</script>";
  const about = "<!doctype html><title>About</title>";

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "prerendered-"));
    await mkdir(join(dir, "about"), { recursive: true });
    await mkdir(join(dir, "assets", "x"), { recursive: true });
    await mkdir(join(dir, "products", "v5"), { recursive: true });
    await writeFile(join(dir, "index.html"), home);
    await writeFile(join(dir, "about", "index.html"), about);
    await writeFile(join(dir, "assets", "x", "index.html"), "<p>asset</p>");
    await writeFile(join(dir, "products", "v5", "index.html"), "<p>v5</p>");
    await writeFile(join(dir, "about", "notes.html"), "<p>not a page</p>");
    await writeFile(join(dir, "favicon.svg"), "<svg></svg>");
  });

  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it("maps each index.html to its URL path and skips the assets folder and other files", async () => {
    const pages = await loadPrerenderedPages(dir);
    expect([...pages.keys()].sort()).toEqual(["/", "/about", "/products/v5"]);
  });

  it("keeps each page's template, inline-script hashes and a weak ETag", async () => {
    const pages = await loadPrerenderedPages(dir);
    const page = pages.get("/");
    expect(page?.template).toBe(home);
    expect(page?.scriptHashes).toEqual([sha256("home()")]);
    expect(page?.etag).toMatch(/^W\/"[A-Za-z0-9_-]{27}"$/);
    expect(pages.get("/about")?.scriptHashes).toEqual([]);
  });

  it("gives different pages different ETags, and the same page the same ETag on reload", async () => {
    const first = await loadPrerenderedPages(dir);
    const second = await loadPrerenderedPages(dir);
    expect(first.get("/")?.etag).not.toBe(first.get("/about")?.etag);
    expect(second.get("/")?.etag).toBe(first.get("/")?.etag);
  });
});
