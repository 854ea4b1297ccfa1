import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEarlySessionAnswerer } from "./auth-routes.ts";
import { createSessionAnswers } from "../auth/session-answers.ts";
import { hashSessionToken } from "../domain/users/session-store.ts";
import { Hono } from "hono";
import { createLogger } from "../log.ts";
import {
  answerBuildFile,
  buildFileMiddleware,
  byteRange,
  chooseEncoding,
  createBuildFileAnswerer,
  filesAtOrigin,
  loadBuildFiles,
  type BuildFile,
  type BuildFileAnswerer,
} from "./build-files.ts";
import type { AppEnv } from "./env.ts";
import { startHttpServer } from "./serve.ts";

const placeholder = "TEST_NONCE";
const page = `<!doctype html><html><head><link nonce="${placeholder}" rel="stylesheet" href="/assets/app.css"/><script nonce="${placeholder}">paint()</script></head><body>${"<p>Bone density</p>".repeat(200)}</body></html>`;

describe("build files served from memory", () => {
  let dir: string;
  let files: Map<string, BuildFile>;
  const answer = () => createBuildFileAnswerer({ files, https: false, trustProxy: true });
  const headers =
    (given: Record<string, string> = {}) =>
    (name: string) =>
      given[name];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "densara-build-files-"));
    await mkdir(join(dir, "assets"), { recursive: true });
    await mkdir(join(dir, "about"), { recursive: true });
    await writeFile(join(dir, "about", "index.html"), page);
    await writeFile(join(dir, "assets", "app.css"), "body{color:#111}".repeat(100));
    await writeFile(join(dir, "assets", "app.css.br"), "not really brotli");
    await writeFile(join(dir, "robots.txt"), "User-agent: *\n");
    await writeFile(join(dir, "raw.html"), "<p>never by name</p>");
    files = await loadBuildFiles(dir, placeholder);
  });

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("keeps pages at their address, files by name, and never raw HTML or the compressed copies by name", () => {
    expect([...files.keys()].sort()).toEqual(["/about", "/assets/app.css", "/robots.txt"]);
  });

  it("takes the nonce out of a page, and allows its inline script by hash with no nonce", () => {
    const about = files.get("/about");
    expect(about?.identity.toString()).not.toContain(placeholder);
    const csp = String(about?.headers.http["Content-Security-Policy"]);
    expect(csp).toMatch(/script-src 'self' 'sha256-[\w+/=]+'/);
    expect(csp).not.toContain("nonce");
    expect(csp).toContain("style-src 'self';");
    // Made here when the build did not write them: brotli and gzip of the final bytes.
    expect(brotliDecompressSync(about?.encoded.br ?? Buffer.alloc(0)).toString()).toBe(about?.identity.toString());
    expect(gunzipSync(about?.encoded.gzip ?? Buffer.alloc(0)).toString()).toBe(about?.identity.toString());
  });

  it("gives each file its cache policy and the security headers, with HSTS only over https", () => {
    expect(files.get("/assets/app.css")?.headers.http["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(files.get("/about")?.headers.http["cache-control"]).toBe("public, max-age=0, must-revalidate");
    expect(files.get("/robots.txt")?.headers.http["cache-control"]).toBe("public, max-age=300");
    const about = files.get("/about");
    expect(about?.headers.http["X-Content-Type-Options"]).toBe("nosniff");
    expect(about?.headers.http["Strict-Transport-Security"]).toBeUndefined();
    expect(about?.headers.https["Strict-Transport-Security"]).toBe("max-age=63072000; includeSubDomains");
    expect(String(about?.headers.https["Content-Security-Policy"])).toContain("upgrade-insecure-requests");
  });

  it("chooses brotli, then gzip, by what the browser accepts", () => {
    const about = files.get("/about") as BuildFile;
    expect(chooseEncoding("gzip, deflate, br, zstd", about)).toBe("br");
    expect(chooseEncoding("gzip", about)).toBe("gzip");
    expect(chooseEncoding("br;q=0, gzip;q=0.5", about)).toBe("gzip");
    expect(chooseEncoding("identity", about)).toBeNull();
    expect(chooseEncoding(undefined, about)).toBeNull();
    // The stylesheet has only a brotli copy.
    expect(chooseEncoding("gzip", files.get("/assets/app.css") as BuildFile)).toBeNull();
  });

  it("answers GET and HEAD only, and only for its files", () => {
    expect(answer()("POST", "/about", headers())).toBeNull();
    expect(answer()("GET", "/nowhere", headers())).toBeNull();
    const head = answer()("HEAD", "/about", headers());
    expect(head?.status).toBe(200);
    expect(head?.body).toBeNull();
    expect(head?.headers["content-length"]).toBe(files.get("/about")?.identity.length);
  });

  it("answers 304 to an ETag it gave, for any encoding of the file", () => {
    const first = answer()("GET", "/about", headers({ "accept-encoding": "br" }));
    expect(first?.headers["content-encoding"]).toBe("br");
    const etag = String(first?.headers.etag);
    expect(answer()("GET", "/about", headers({ "if-none-match": etag }))?.status).toBe(304);
    expect(answer()("GET", "/about", headers({ "if-none-match": `"x", W/${etag}` }))?.status).toBe(304);
    expect(answer()("GET", "/about", headers({ "if-none-match": `${etag.slice(0, -1)}x"` }))?.status).toBe(200);
  });

  it("serves one byte range of the identity bytes, ignores others, and says 416 past the end", () => {
    const size = files.get("/robots.txt")?.identity.length ?? 0;
    const part = answer()("GET", "/robots.txt", headers({ range: "bytes=0-3" }));
    expect(part?.status).toBe(206);
    expect(part?.body?.toString()).toBe("User");
    expect(part?.headers["content-range"]).toBe(`bytes 0-3/${size}`);
    for (const range of ["bytes=abc", "items=0-5", "bytes=0-0,2-2"]) {
      expect(answer()("GET", "/robots.txt", headers({ range }))?.status, range).toBe(200);
    }
    expect(answer()("GET", "/robots.txt", headers({ range: "bytes=999-" }))?.status).toBe(416);
    // A range that would apply to a representation the browser no longer has is ignored.
    expect(answer()("GET", "/robots.txt", headers({ range: "bytes=0-3", "if-range": '"old"' }))?.status).toBe(200);
  });

  it("reads single byte ranges as RFC 9110 says", () => {
    expect(byteRange("bytes=10-", 100)).toEqual({ start: 10, end: 99 });
    expect(byteRange("bytes=-10", 100)).toEqual({ start: 90, end: 99 });
    expect(byteRange("bytes=90-200", 100)).toEqual({ start: 90, end: 99 });
    expect(byteRange("bytes=-", 100)).toBe("none");
    expect(byteRange("bytes=100-", 100)).toBe("unsatisfiable");
    expect(byteRange("bytes=5-2", 100)).toBe("unsatisfiable");
    expect(byteRange(undefined, 100)).toBe("none");
  });

  it("sends HSTS when a trusted proxy says the visitor came over https", () => {
    const viaProxy = answer()("GET", "/about", headers({ "x-forwarded-proto": "https" }));
    expect(viaProxy?.headers["Strict-Transport-Security"]).toBeDefined();
    const untrusted = createBuildFileAnswerer({ files, https: false, trustProxy: false });
    expect(
      untrusted("GET", "/about", headers({ "x-forwarded-proto": "https" }))?.headers["Strict-Transport-Security"],
    ).toBeUndefined();
  });
});

describe("the session check, answered early", () => {
  let clock = 0;
  const answers = createSessionAnswers({ ttlMs: 2_000, now: () => clock });
  const answer = createEarlySessionAnswerer({ https: false, trustProxy: true, answers });
  const headers =
    (given: Record<string, string> = {}) =>
    (name: string) =>
      given[name];

  it("says signed out, never stored, with the security headers, when no session or notice cookie came", () => {
    const result = answer("GET", "/auth/session", headers({ cookie: "theme=dark" }));
    expect(result?.status).toBe(200);
    expect(JSON.parse(result?.body?.toString() ?? "")).toEqual({ signedIn: false });
    expect(result?.headers).toMatchObject({ "cache-control": "no-store", vary: "Cookie" });
    expect(String(result?.headers["Content-Security-Policy"])).toContain("frame-ancestors 'none'");
    expect(result?.headers["Strict-Transport-Security"]).toBeUndefined();
    expect(
      answer("GET", "/auth/session", headers({ "x-forwarded-proto": "https" }))?.headers["Strict-Transport-Security"],
    ).toBeDefined();
  });

  it("gives a signed-in browser the route's answer of a moment ago, until it is older than the TTL or forgotten", () => {
    const signedIn = Buffer.from(JSON.stringify({ signedIn: true, user: { name: "A" }, csrfToken: "t" }));
    clock = 1_000;
    expect(answer("GET", "/auth/session", headers({ cookie: "densara_session=tok" }))).toBeNull();
    answers.set("tok", signedIn, 1_000_000, "u1");
    const reused = answer("GET", "/auth/session", headers({ cookie: "a=b; densara_session=tok" }));
    expect(reused?.body?.equals(signedIn)).toBe(true);
    expect(reused?.headers).toMatchObject({
      "cache-control": "no-store",
      vary: "Cookie",
      "content-length": signedIn.length,
    });
    // Another token is not this one's.
    expect(answer("GET", "/auth/session", headers({ cookie: "densara_session=other" }))).toBeNull();
    clock = 2_999;
    expect(answer("GET", "/auth/session", headers({ cookie: "densara_session=tok" }))).not.toBeNull();
    clock = 3_000;
    expect(answer("GET", "/auth/session", headers({ cookie: "densara_session=tok" }))).toBeNull();
    answers.set("tok", signedIn, 1_000_000, "u1");
    answers.forget("tok");
    expect(answer("GET", "/auth/session", headers({ cookie: "densara_session=tok" }))).toBeNull();
    // Never past the session's own end.
    answers.set("tok", signedIn, clock + 10, "u1");
    clock += 10;
    expect(answer("GET", "/auth/session", headers({ cookie: "densara_session=tok" }))).toBeNull();
  });

  it("keeps answers longer while the database's announcements are heard, and forgets what an announcement names", () => {
    let at = 0;
    const heard = createSessionAnswers({ ttlMs: 2_000, heardTtlMs: 30_000, now: () => at });
    const ask = createEarlySessionAnswerer({ https: false, trustProxy: true, answers: heard });
    const body = Buffer.from(JSON.stringify({ signedIn: true }));
    const kept = (token: string) =>
      ask("GET", "/auth/session", headers({ cookie: `densara_session=${token}` })) !== null;

    heard.hearing(true);
    heard.set("one", body, 1_000_000, "ann");
    heard.set("two", body, 1_000_000, "ann");
    heard.set("three", body, 1_000_000, "bob");
    at = 29_999;
    expect(["one", "two", "three"].map(kept)).toEqual([true, true, true]);

    // A session that ended, by its hash (the token never leaves this process).
    heard.announced(`session:${hashSessionToken("three")}`);
    expect(kept("three")).toBe(false);
    heard.announced(`session:${hashSessionToken("never-kept")}`);
    // A person who changed: every session of theirs.
    heard.announced("user:bob");
    expect([kept("one"), kept("two")]).toEqual([true, true]);
    heard.announced("user:ann");
    expect([kept("one"), kept("two"), heard.size]).toEqual([false, false, 0]);

    // Anything else said on the channel forgets everything.
    heard.set("one", body, 1_000_000, "ann");
    heard.announced("something new");
    expect(kept("one")).toBe(false);

    // Losing the connection forgets everything too, and answers go back to the short TTL.
    heard.set("one", body, 1_000_000, "ann");
    heard.hearing(false);
    expect(kept("one")).toBe(false);
    at = 100_000;
    heard.set("one", body, 1_000_000, "ann");
    at = 102_000;
    expect(kept("one")).toBe(false);
  });

  it("leaves every other request to the route: an unknown session or a notice cookie, another path, a write", () => {
    for (const cookie of ["densara_session=x", "__Host-densara_session=x", "a=b; densara_notice=signed-out"]) {
      expect(answer("GET", "/auth/session", headers({ cookie })), cookie).toBeNull();
    }
    expect(answer("GET", "/auth/sessions", headers())).toBeNull();
    expect(answer("POST", "/auth/session", headers())).toBeNull();
  });
});

describe("the build's files at the site's origin", () => {
  const stand = "https://public-origin.invalid";
  const site = "https://portal.example.test";
  let dir: string;
  let files: Map<string, BuildFile>;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "densara-origin-"));
    await mkdir(join(dir, "assets"), { recursive: true });
    await mkdir(join(dir, "about"), { recursive: true });
    const head = `<link rel="canonical" href="${stand}/about"/><script type="application/ld+json">{"url":"${stand}/"}</script><script>paint()</script>`;
    await writeFile(
      join(dir, "about", "index.html"),
      `<!doctype html><html><head>${head}</head><body>${page}</body></html>`,
    );
    await writeFile(join(dir, "robots.txt"), `User-agent: *\nSitemap: ${stand}/sitemap.xml\n`);
    const sitemap = `<urlset>${`<url><loc>${stand}/about</loc></url>`.repeat(40)}</urlset>`;
    await writeFile(join(dir, "sitemap.xml"), sitemap);
    await writeFile(join(dir, "sitemap.xml.br"), "the build's brotli");
    // An asset is never read, whatever it holds: its bytes are those of its hashed name.
    await writeFile(join(dir, "assets", "app.js"), `const origin = "${stand}";`);
    await writeFile(join(dir, "assets", "app.css"), "body{color:#111}");
    files = await loadBuildFiles(dir, placeholder);
  });

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("puts the site's origin wherever a page, robots.txt or the sitemap named the stand-in", async () => {
    const moved = await filesAtOrigin(files, stand, site);
    for (const address of ["/about", "/robots.txt", "/sitemap.xml"]) {
      const text = moved.get(address)?.identity.toString() ?? "";
      expect(text, address).toContain(site);
      expect(text, address).not.toContain(stand);
      expect(moved.get(address)?.etag, address).not.toBe(files.get(address)?.etag);
    }
    expect(moved.get("/about")?.identity.toString()).toContain(`<link rel="canonical" href="${site}/about"/>`);
    expect(moved.get("/robots.txt")?.identity.toString()).toContain(`Sitemap: ${site}/sitemap.xml`);
  });

  it("compresses what it changed again, as the build compresses it, and a small file not at all", async () => {
    const moved = await filesAtOrigin(files, stand, site);
    for (const address of ["/about", "/sitemap.xml"]) {
      const file = moved.get(address) as BuildFile;
      expect(brotliDecompressSync(file.encoded.br ?? Buffer.alloc(0)).toString(), address).toBe(
        file.identity.toString(),
      );
      expect(gunzipSync(file.encoded.gzip ?? Buffer.alloc(0)).toString(), address).toBe(file.identity.toString());
    }
    expect(moved.get("/robots.txt")?.encoded).toEqual({});
    // The page's inline script is still allowed by its hash; the data block needs none.
    expect(moved.get("/about")?.scriptHashes).toEqual(files.get("/about")?.scriptHashes);
    expect(moved.get("/about")?.scriptHashes).toHaveLength(1);
  });

  it("keeps the files that name no origin, and every asset, as they were", async () => {
    const moved = await filesAtOrigin(files, stand, site);
    expect(moved.get("/assets/app.js")).toBe(files.get("/assets/app.js"));
    expect(moved.get("/assets/app.css")).toBe(files.get("/assets/app.css"));
    expect([...moved.keys()].sort()).toEqual([...files.keys()].sort());
    const same = await filesAtOrigin(files, stand, stand);
    for (const [address, file] of files) expect(same.get(address), address).toBe(file);
  });
});

describe("the early answers, asked once per request", () => {
  it("passes a request the Node fast path did not answer straight through the app's middleware", async () => {
    const asked: string[] = [];
    const answer: BuildFileAnswerer = (method, path) => {
      asked.push(path);
      return path === "/early"
        ? { status: 200, headers: { "content-type": "text/plain" }, body: Buffer.from("early") }
        : null;
    };
    const app = new Hono<AppEnv>();
    app.use(buildFileMiddleware(answer));
    app.get("*", (c) => c.text("rendered"));
    const log = createLogger("error");
    const running = await startHttpServer({
      fetch: app.fetch,
      before: (request, response) => answerBuildFile(answer, log, request, response),
      host: "127.0.0.1",
      port: 0,
      shutdownTimeoutMs: 1000,
      log,
    });
    try {
      const origin = `http://127.0.0.1:${running.address.port}`;
      expect(await (await fetch(`${origin}/early`)).text()).toBe("early");
      expect(await (await fetch(`${origin}/rendered`)).text()).toBe("rendered");
      // Once each through the Node server; a fetch straight into the app (no fast path) is asked there.
      expect(asked).toEqual(["/early", "/rendered"]);
      expect(await (await app.fetch(new Request("http://localhost/early"), {})).text()).toBe("early");
      expect(asked).toEqual(["/early", "/rendered", "/early"]);
    } finally {
      await running.shutdown("test over");
    }
  });
});
