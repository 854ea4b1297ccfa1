import { createHash } from "node:crypto";
import { request as httpRequest } from "node:http";
import type { APIRequestContext, APIResponse } from "@playwright/test";
import { cspViolationPrefix, expect, test, watchPage } from "../support/fixtures.ts";
import { escapeRegExp, formPaths, publicPaths } from "../support/site.ts";

/** Directive name → its values, e.g. "script-src" → ["'self'", "'nonce-…'"]. */
function parseCsp(header: string): Map<string, string[]> {
  return new Map(
    header
      .split(";")
      .map((directive) => directive.trim())
      .filter((directive) => directive.length > 0)
      .map((directive) => {
        const [name = "", ...values] = directive.split(/\s+/);
        return [name.toLowerCase(), values];
      }),
  );
}

function cspNonce(response: APIResponse): string {
  const csp = response.headers()["content-security-policy"] ?? "";
  const nonces = (parseCsp(csp).get("script-src") ?? []).flatMap((value) => /^'nonce-(.+)'$/.exec(value)?.[1] ?? []);
  expect(nonces, "script-src has exactly one nonce").toHaveLength(1);
  return nonces[0] ?? "";
}

/** Every <script> tag's attributes, except JSON-LD: a data block the browser never executes, so CSP does not apply. */
function executableScriptTags(
  html: string,
): { tag: string; nonce: string | undefined; inline: boolean; hash: string }[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter(([, attributes = ""]) => !/\btype\s*=\s*["']?application\/ld\+json/i.test(attributes))
    .map(([tag, attributes = "", body = ""]) => ({
      tag: tag.slice(0, 120),
      nonce: /\bnonce\s*=\s*"([^"]*)"/i.exec(attributes)?.[1],
      inline: !/\bsrc\s*=/i.test(attributes) && body.trim().length > 0,
      hash: `'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`,
    }));
}

async function expectSecurityHeaders(response: APIResponse): Promise<void> {
  const headers = response.headers();
  const csp = headers["content-security-policy"];
  expect(csp, "content-security-policy").toBeDefined();
  const directives = parseCsp(csp ?? "");
  expect(directives.get("frame-ancestors")).toEqual(["'none'"]);
  expect(csp).not.toContain("unsafe-inline");
  expect(csp).not.toContain("unsafe-eval");
  expect(directives.get("default-src")).toEqual(["'self'"]);
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["permissions-policy"], "permissions-policy").toBeTruthy();

  const scripts = executableScriptTags(await response.text());
  expect(scripts.filter((script) => script.inline).length, "the page has inline scripts").toBeGreaterThan(0);
  const scriptSources = directives.get("script-src") ?? [];
  if (scriptSources.some((value) => value.startsWith("'nonce-"))) {
    // Rendered for this request: every script carries this response's nonce.
    const nonce = cspNonce(response);
    for (const script of scripts) expect(script.nonce, `nonce of ${script.tag}`).toBe(nonce);
  } else {
    // Prerendered, fixed bytes (ADR 010): each inline script is allowed by its hash, and no nonce is left behind.
    for (const script of scripts) {
      expect(script.nonce, `no nonce on ${script.tag}`).toBeUndefined();
      if (script.inline) expect(scriptSources, `hash of ${script.tag}`).toContain(script.hash);
    }
  }
}

async function assetUrls(request: APIRequestContext): Promise<string[]> {
  const html = await (await request.get("/")).text();
  return [...new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map(([, url = ""]) => url))];
}

test.describe("security headers", () => {
  test("the home page sends a CSP that allows exactly its inline scripts, and the other headers", async ({
    request,
  }) => {
    const response = await request.get("/");
    expect(response.status()).toBe(200);
    await expectSecurityHeaders(response);
  });

  test("a 404 sends the same protections", async ({ request }) => {
    const response = await request.get("/no/such/page");
    expect(response.status()).toBe(404);
    await expectSecurityHeaders(response);
  });

  test("every public page is fixed bytes whose inline scripts the CSP allows by hash", async ({ request }) => {
    // A page with a public form differs only in its form's ticket (ADR 028).
    const fixed = (path: string, html: string) =>
      formPaths.has(path) ? html.replace(/name="ticket" value="[^"]+"/, 'name="ticket" value=""') : html;
    for (const path of publicPaths) {
      // A page that shows the database, and every page's notices, follow it (ADR 029): two
      // answers in a row under one ETag (another test may change a listing in between).
      let pair: [APIResponse, APIResponse] | undefined;
      for (let attempt = 0; attempt < 3 && !pair; attempt += 1) {
        const [first, again] = [await request.get(path), await request.get(path)];
        if (first.headers()["etag"] === again.headers()["etag"]) pair = [first, again];
      }
      expect(pair, `${path} answered with one ETag twice in a row`).toBeDefined();
      if (!pair) continue;
      const [first, again] = pair;
      await expectSecurityHeaders(first);
      expect
        .soft(fixed(path, await again.text()), `${path} is the same bytes each time`)
        .toBe(fixed(path, await first.text()));
    }
  });

  test("each page rendered on request gets a different nonce", async ({ request }) => {
    const nonces = new Set<string>();
    for (const path of ["/dashboard/no/such", "/dashboard/no/such", "/idp/interaction/gone", "/idp/password/forgot"])
      nonces.add(cspNonce(await request.get(path)));
    expect(nonces.size).toBe(4);
  });

  test("the 404 screen of an unknown public address is filled into fixed bytes, its scripts allowed by hash", async ({
    request,
  }) => {
    const first = await request.get("/no/such/page?x=1");
    const again = await request.get("/no/such/page?x=1");
    expect(first.status()).toBe(404);
    const csp = first.headers()["content-security-policy"] ?? "";
    expect(csp).toMatch(/script-src 'self' 'sha256-[^']+'/);
    expect(csp).not.toContain("'nonce-");
    expect(csp).not.toContain("unsafe-inline");
    expect(await again.text()).toBe(await first.text());
    expect(await first.text()).toContain("Page not found: /no/such/page?x=1");
  });
});

test.describe("caching", () => {
  test("hashed assets are cached as immutable", async ({ request }) => {
    const urls = await assetUrls(request);
    expect(
      urls.some((url) => url.endsWith(".js")),
      "the page loads a script asset",
    ).toBe(true);
    expect(
      urls.some((url) => url.endsWith(".css")),
      "the page loads a stylesheet asset",
    ).toBe(true);
    for (const url of urls) {
      const response = await request.get(url);
      expect.soft(response.status(), url).toBe(200);
      expect.soft(response.headers()["cache-control"] ?? "", `cache-control of ${url}`).toContain("immutable");
    }
  });

  test("a page with a public form is never kept by a shared cache: each visitor's ticket is their own", async ({
    request,
  }) => {
    for (const path of formPaths) {
      const response = await request.get(path);
      expect.soft(response.headers()["cache-control"], path).toBe("private, no-cache");
      expect.soft(response.headers()["etag"], path).toBeUndefined();
    }
  });

  test("prerendered pages send an ETag and answer 304 to If-None-Match", async ({ request }) => {
    for (const path of publicPaths.filter((candidate) => !formPaths.has(candidate))) {
      const first = await request.get(path);
      const etag = first.headers()["etag"];
      expect.soft(etag, `etag of ${path}`).toBeTruthy();
      if (!etag) continue;
      const revalidated = await request.get(path, { headers: { "If-None-Match": etag } });
      expect.soft(revalidated.status(), `revalidating ${path}`).toBe(304);
      expect.soft(await revalidated.body(), `304 body of ${path}`).toHaveLength(0);
      const changed = await request.get(path, { headers: { "If-None-Match": 'W/"something-else"' } });
      expect.soft(changed.status(), `${path} with another ETag`).toBe(200);
    }
  });
});

test.describe("page loads", () => {
  test("no public page logs a console error, throws, violates the CSP or requests another origin", async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const origin = new URL(baseURL ?? "http://localhost").origin;
    const problems: string[] = [];
    const foreign: string[] = [];
    watchPage(page, problems);
    page.on("request", (request) => {
      const url = new URL(request.url());
      // data: and blob: URLs never leave the browser.
      if (url.protocol === "data:" || url.protocol === "blob:") return;
      if (url.origin !== origin) foreign.push(request.url());
    });
    for (const path of publicPaths) {
      problems.length = 0;
      foreign.length = 0;
      const response = await page.goto(path);
      expect.soft(response?.status(), path).toBe(200);
      // Bring everything lazy into view, then let the network settle.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await page.waitForLoadState("networkidle");
      expect.soft([...problems], `console errors, exceptions or CSP violations on ${path}`).toEqual([]);
      expect.soft([...foreign], `requests to other origins from ${path}`).toEqual([]);
    }
  });
});

test.describe("the CSP in the browser", () => {
  const injected = "window.__injectedRan = true";
  test.use({ allowedConsoleError: new RegExp(`${escapeRegExp(cspViolationPrefix)}|Content Security Policy`) });

  test("blocks an injected inline script, and the test guard reports the violation", async ({ page }) => {
    const problems: string[] = [];
    watchPage(page, problems);
    await page.goto("/");
    const ran = await page.evaluate((code) => {
      const script = document.createElement("script");
      script.textContent = code;
      document.head.append(script);
      return (window as unknown as { __injectedRan?: boolean }).__injectedRan === true;
    }, injected);
    expect(ran, "the injected script ran").toBe(false);
    await expect.poll(() => problems.some((problem) => problem.includes(cspViolationPrefix))).toBe(true);
  });
});

test.describe("redirects stay on the site", () => {
  test("a path with a trailing slash never redirects to another host", async ({ baseURL }) => {
    // A raw request: a browser or Playwright would read "//evil.example/" as another host already.
    const origin = new URL(baseURL ?? "http://localhost");
    for (const path of ["//evil.example/", "///evil.example/x/", "/\\/evil.example/"]) {
      const location = await new Promise<string | undefined>((resolve, reject) => {
        const request = httpRequest({ host: origin.hostname, port: origin.port, path, method: "GET" }, (response) => {
          response.resume();
          resolve(response.headers.location);
        });
        request.on("error", reject);
        request.end();
      });
      if (path.startsWith("//")) expect(location, path).toBeDefined();
      if (location === undefined) continue;
      expect(new URL(location, origin).origin, `${path} → ${location}`).toBe(origin.origin);
      expect(location.startsWith("//"), `${path} → ${location}`).toBe(false);
    }
  });
});
