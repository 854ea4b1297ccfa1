import { gunzipSync, brotliDecompressSync } from "node:zlib";
import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAuthHarness, type AuthHarness } from "../../tests/support/auth-harness.ts";
import { testBuild } from "../../tests/support/auth-harness.ts";
import { createNotFoundAnswerer, fillNotFound, notFoundMarker, notFoundTemplate } from "./not-found.ts";
import { serverPrefixes } from "./server.ts";

/** Raw HTTP, so the exact request-target (dot segments, odd escapes) reaches the server as written. */
function get(origin: string, target: string, headers: Record<string, string> = {}) {
  const { hostname, port } = new URL(origin);
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>(
    (resolve, reject) => {
      const request = httpRequest({ hostname, port, path: target, method: "GET", headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
        );
      });
      request.on("error", reject);
      request.end();
    },
  );
}

const withoutNonces = (html: string) => html.replace(/ nonce="[^"]*"/g, "");

/**
 * The 404 screen filled into its template must be the screen React Router renders, byte
 * for byte (the nonce aside): two servers, one rendering every 404, answer the same.
 */
describe("the 404 screen from a template", () => {
  let fast: AuthHarness;
  let rendered: AuthHarness;

  beforeAll(async () => {
    [fast, rendered] = await Promise.all([
      startAuthHarness("pglite"),
      startAuthHarness("pglite", { notFoundFromTemplate: false }),
    ]);
  });

  afterAll(async () => {
    await Promise.all([fast.close(), rendered.close()]);
  });

  const targets = [
    "/no-such-page-xyz",
    "/products/v6",
    "/a/b/c/deep",
    "/x?q=<script>alert(1)</script>&b=\"2\"&c='3'",
    "/it's-a-page",
    "/%E2%82%AC-euro",
    "/caf%C3%A9?x=%3Cb%3E",
    "/__densara_not_found__",
    "/%3Cimg%20src=x%20onerror=alert(1)%3E",
  ];

  it.each(targets)("answers %s as React Router would render it", async (target) => {
    const [mine, theirs] = await Promise.all([get(fast.origin, target), get(rendered.origin, target)]);
    expect(mine.status).toBe(404);
    expect(theirs.status).toBe(404);
    expect(mine.body.toString("utf8")).toBe(withoutNonces(theirs.body.toString("utf8")));
    // The fast one came from the template: its scripts are allowed by hash, not by a nonce.
    expect(mine.headers["content-security-policy"]).toMatch(/script-src 'self' 'sha256-/);
    expect(mine.headers["content-security-policy"]).not.toContain("'nonce-");
    expect(theirs.headers["content-security-policy"]).toContain("'nonce-");
    const same = (name: string) => expect([name, mine.headers[name]]).toEqual([name, theirs.headers[name]]);
    for (const name of [
      "content-type",
      "x-content-type-options",
      "x-frame-options",
      "referrer-policy",
      "permissions-policy",
      "cross-origin-opener-policy",
      "cross-origin-resource-policy",
      "strict-transport-security",
      "cache-control",
    ]) {
      same(name);
    }
  });

  it("compresses as the browser asks, the same screen either way", async () => {
    const plain = await get(fast.origin, "/compressed-404?x=1");
    const brotli = await get(fast.origin, "/compressed-404?x=1", { "accept-encoding": "gzip, br" });
    const gzip = await get(fast.origin, "/compressed-404?x=1", { "accept-encoding": "gzip" });
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(brotliDecompressSync(brotli.body).equals(plain.body)).toBe(true);
    expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);
    expect(plain.headers.vary).toBe("Accept-Encoding");
    // Asked again: the kept bytes, unchanged.
    const again = await get(fast.origin, "/compressed-404?x=1", { "accept-encoding": "gzip, br" });
    expect(again.body.equals(brotli.body)).toBe(true);
  });

  it("leaves every address the server answers outside React Router to its own handler", async () => {
    const paths = fast.server.app.routes
      .map((route) => route.path.replace(/\/\*$/, "/anything").replace(/:\w+/g, "x"))
      .filter((path) => path !== "*" && path !== "/*" && path !== "/anything")
      .concat(serverPrefixes.map((prefix) => `${prefix}/no-such-thing`));
    expect(paths).toContain("/auth/login");
    for (const path of new Set(paths)) {
      const [mine, theirs] = await Promise.all([get(fast.origin, path), get(rendered.origin, path)]);
      expect([path, mine.status]).toEqual([path, theirs.status]);
      expect([path, mine.headers["content-type"]]).toEqual([path, theirs.headers["content-type"]]);
    }
  });

  it("leaves other 404s (the docs', the portal's) and other answers to React Router", async () => {
    for (const target of [
      "/docs/no-such-doc",
      "/dashboard/no-such-page",
      "/about/",
      "/no-such.data",
      "//evil.example",
    ]) {
      const mine = await get(fast.origin, target);
      expect([target, mine.headers["content-security-policy"] ?? ""]).toEqual([
        target,
        expect.stringMatching(/'nonce-|^$/) as unknown,
      ]);
    }
  });
});

describe("the 404 template", () => {
  const html = (inner: string) => `<html><head><script nonce="N1">x()</script></head><body>${inner}</body></html>`;

  it("fills the address as text and as the sign-in link's returnTo, escaped", () => {
    const template = notFoundTemplate(
      html(`<h1>Page not found: ${notFoundMarker}=</h1><a href="/auth/login?returnTo=%2F__densara_not_found__">`),
      "N1",
    );
    if (!template) throw new Error("no template");
    expect(template.scriptHashes).toHaveLength(1);
    const page = fillNotFound(template, new URL("http://x/a'b?c=<d>&e"));
    // The query as React Router hands it to a loader: through URLSearchParams.
    expect(page).toContain("<h1>Page not found: /a&#x27;b?c=%3Cd%3E&amp;e=</h1>");
    expect(page).toContain('href="/auth/login?returnTo=%2Fa&#x27;b"');
    expect(page).not.toContain("nonce=");
  });

  it("refuses a screen that shows the address anywhere else, or keeps the nonce", () => {
    expect(notFoundTemplate(html(`<h1>${notFoundMarker}</h1><script>"__densara_not_found__"</script>`), "N1")).toBe(
      null,
    );
    expect(notFoundTemplate(html("<h1>Page not found</h1>"), "N1")).toBe(null);
    expect(notFoundTemplate(html(`<h1>${notFoundMarker}</h1><meta content="N1">`), "N1")).toBe(null);
  });

  it("answers nothing until it has learned the screen", async () => {
    const answer = createNotFoundAnswerer({
      build: (await testBuild()).serverBuild,
      https: false,
      trustProxy: false,
      servedElsewhere: () => false,
    });
    expect(answer("GET", "/nope", () => undefined, "/nope")).toBeNull();
    expect(answer.learn(html(`<h1>Page not found: ${notFoundMarker}=</h1>`), "N1")).toBe(true);
    expect(answer("GET", "/nope", () => undefined, "/nope")?.status).toBe(404);
    expect(answer("HEAD", "/nope", () => undefined, "/nope")?.body).toBeNull();
    expect(answer("POST", "/nope", () => undefined, "/nope")).toBeNull();
    // A known page is not a 404.
    expect(answer("GET", "/about", () => undefined, "/about")).toBeNull();
    // On the Node request, an address is taken as sent: one the routers in front would read
    // another way (dot segments, a backslash, "//") goes the usual way.
    for (const target of ["/a/../b", "/./b", "/a\\b", "//evil.example/x", "/x/", "/x.data", "/__manifest?paths=%2Fx"]) {
      expect([target, answer("GET", target, () => undefined, target)]).toEqual([target, null]);
    }
  });
});
