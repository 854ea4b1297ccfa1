import { request } from "node:http";
import { brotliDecompressSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildOrigin } from "../../shared/contracts/app-config.ts";
import { publicPaths } from "../../shared/public-paths.ts";
import { recordingLogger, testBuild } from "../../tests/support/auth-harness.ts";
import { openTestDatabase } from "../../tests/support/databases.ts";
import { loadConfig } from "../config.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { openFileStore } from "../storage/open.ts";
import type { BlobStore } from "../storage/blob-store.ts";
import { startHttpServer, type RunningServer } from "./serve.ts";
import { createServer, type AppServer } from "./server.ts";

/**
 * The site under its own domain (ADR 042): with PUBLIC_URL on https, every absolute link
 * to the site names PUBLIC_URL's host (the pages kept from the build, the pages the server
 * renders, the sitemap, robots.txt), and a request that did not come over https is sent
 * there. The real server, on a real port, as `npm start` serves it.
 */

const site = "https://portal.example.test";
const contentHost = "www.densara.example";

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: string; raw: Buffer };

/** A request as a proxy or a visitor would send it, Host header and all (fetch cannot set Host). */
function send(
  port: number,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: "127.0.0.1", port, path, method: options.method ?? "GET", headers: options.headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          const raw = Buffer.concat(chunks);
          const body = res.headers["content-encoding"] === "br" ? brotliDecompressSync(raw) : raw;
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: body.toString("utf8"), raw });
        });
      },
    );
    req.on("error", reject);
    req.end(options.body);
  });
}

type Running = { server: AppServer; http: RunningServer; database: DatabaseHandle; files: BlobStore };

async function start(env: Record<string, string>): Promise<Running> {
  const config = loadConfig({ NODE_ENV: "test", PUBLIC_URL: site, ADMIN_EMAIL: "admin@example.test", ...env });
  const database = await openTestDatabase("pglite");
  const files = await openFileStore({ s3: undefined, dataDir: "memory://" });
  const log = recordingLogger();
  const server = await createServer({ config, database, files, build: await testBuild(), log });
  const http = await startHttpServer({
    fetch: server.fetch,
    before: server.answerBuildFile,
    host: "127.0.0.1",
    port: 0,
    shutdownTimeoutMs: 1_000,
    log,
  });
  return { server, http, database, files };
}

async function stop(running: Running | undefined): Promise<void> {
  if (!running) return;
  await running.http.shutdown("test over");
  await running.database.close();
  await running.files.close();
}

/** Every `<script type="application/ld+json">` of a page, parsed. */
function jsonLdOf(html: string): unknown[] {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1] ?? "null") as unknown,
  );
}

/** Every string in a JSON value that is an absolute http(s) URL. */
function urlsIn(value: unknown): URL[] {
  if (typeof value === "string") return /^https?:\/\//.test(value) ? [new URL(value)] : [];
  if (Array.isArray(value)) return value.flatMap(urlsIn);
  if (value !== null && typeof value === "object") return Object.values(value).flatMap(urlsIn);
  return [];
}

function linkHref(html: string, rel: string): string | undefined {
  return new RegExp(`<link rel="${rel}" href="([^"]+)"`).exec(html)?.[1];
}

function metaContent(html: string, property: string): string | undefined {
  return new RegExp(`<meta property="${property}" content="([^"]+)"`).exec(html)?.[1];
}

/** A page names this site only at PUBLIC_URL's host: canonical, Open Graph, JSON-LD. */
function expectNamesOnlyTheSite(html: string, path: string): void {
  expect(linkHref(html, "canonical"), path).toBe(`${site}${path}`);
  expect(metaContent(html, "og:url"), path).toBe(`${site}${path}`);
  expect(metaContent(html, "og:image"), path).toBe(`${site}/social-card.png`);
  const blocks = jsonLdOf(html);
  expect(blocks.length, path).toBeGreaterThan(0);
  const urls = blocks.flatMap(urlsIn);
  const organization = blocks.find(
    (block): block is { url: string; logo: string } =>
      typeof block === "object" && block !== null && "@type" in block && block["@type"] === "Organization",
  );
  expect(organization?.url, path).toBe(`${site}/`);
  expect(organization?.logo, path).toBe(`${site}/favicon.svg`);
  for (const url of urls) {
    expect(url.host, `${path}: ${url.href}`).not.toBe(contentHost);
    expect(url.origin, `${path}: ${url.href}`).not.toBe(buildOrigin);
  }
  expect(html).not.toContain(buildOrigin);
}

describe("PUBLIC_URL=https://portal.example.test behind a trusted proxy", () => {
  let running: Running | undefined;
  let port = 0;
  const overHttps = { "x-forwarded-proto": "https", host: "portal.example.test" };

  beforeAll(async () => {
    running = await start({ TRUST_PROXY: "1" });
    port = running.http.address.port;
    // A first start in a test worker migrates its template database too.
  }, 120_000);
  afterAll(() => stop(running));

  it("lists every public page in the sitemap at that host, and no other", async () => {
    const answer = await send(port, "/sitemap.xml", { headers: overHttps });
    expect(answer.status).toBe(200);
    const listed = [...answer.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(listed).toEqual(publicPaths.map((path) => `${site}${path}`));
    expect(answer.body).not.toContain(contentHost);
    expect(answer.body).not.toContain(buildOrigin);
  });

  it("names that sitemap in robots.txt", async () => {
    const answer = await send(port, "/robots.txt", { headers: overHttps });
    expect(answer.status).toBe(200);
    expect(answer.body).toContain(`\nSitemap: ${site}/sitemap.xml\n`);
    expect(answer.body).not.toContain(contentHost);
  });

  it.each(["/", "/products/v5", "/about/faq", "/about/contact"])(
    "names that host in the canonical link, Open Graph and JSON-LD of the page kept from the build: %s",
    async (path) => {
      const answer = await send(port, path, { headers: overHttps });
      expect(answer.status).toBe(200);
      expectNamesOnlyTheSite(answer.body, path);
    },
  );

  it("keeps no file (but the hashed assets, never read) that still names the build's stand-in origin", async () => {
    const addresses = [...(await testBuild()).files.keys()].filter((address) => !address.startsWith("/assets/"));
    expect(addresses.length).toBeGreaterThan(30);
    for (const address of addresses) {
      const answer = await send(port, address, { headers: overHttps });
      expect(answer.status, address).toBe(200);
      expect(answer.body, address).not.toContain(buildOrigin);
    }
  });

  it("compresses a page kept from the build again once it names that host", async () => {
    const plain = await send(port, "/products/v5", { headers: overHttps });
    const br = await send(port, "/products/v5", { headers: { ...overHttps, "accept-encoding": "br" } });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.body).toBe(plain.body);
    expect(br.body).toContain(`<link rel="canonical" href="${site}/products/v5"/>`);
    expect(br.raw.length).toBeLessThan(plain.raw.length / 4);
  });

  it("names that host in the product's JSON-LD", async () => {
    const answer = await send(port, "/products/v4", { headers: overHttps });
    const product = jsonLdOf(answer.body).find(
      (block): block is { url: string; image: string; manufacturer: { url: string } } =>
        typeof block === "object" && block !== null && "@type" in block && block["@type"] === "Product",
    );
    expect(product?.url).toBe(`${site}/products/v4`);
    expect(product?.image).toBe(`${site}/social-card.png`);
    expect(product?.manufacturer.url).toBe(`${site}/`);
  });

  it("names that host on the live page the server renders at start, and on one it renders per request", async () => {
    const kept = await send(port, "/locations", { headers: overHttps });
    expect(kept.status).toBe(200);
    expectNamesOnlyTheSite(kept.body, "/locations");
    const searched = await send(port, "/locations?kind=clinic", { headers: overHttps });
    expect(searched.status).toBe(200);
    expect(searched.headers["content-security-policy"]).toContain("'nonce-");
    expectNamesOnlyTheSite(searched.body, "/locations");
  });

  it("sends what the proxy says came over http to https on PUBLIC_URL's host, with its path and query", async () => {
    const answer = await send(port, "/products/v5?tab=specs", {
      headers: { "x-forwarded-proto": "http", host: "attacker.example" },
    });
    expect(answer.status).toBe(308);
    expect(answer.headers.location).toBe(`${site}/products/v5?tab=specs`);
    expect(answer.headers["strict-transport-security"]).toBeUndefined();
    const form = await send(port, "/about/contact", {
      method: "POST",
      headers: { "x-forwarded-proto": "http", "content-type": "application/x-www-form-urlencoded" },
      body: "name=Ada",
    });
    expect(form.status).toBe(308);
    expect(form.headers.location).toBe(`${site}/about/contact`);
  });

  it("sends a request that reached the process directly, with no word from the proxy, to https", async () => {
    const answer = await send(port, "//evil.example/path");
    expect(answer.status).toBe(308);
    expect(new URL(String(answer.headers.location)).origin).toBe(site);
  });

  it("answers health over plain http, for the container's check inside the network", async () => {
    expect((await send(port, "/healthz")).status).toBe(200);
    expect((await send(port, "/readyz")).status).toBe(200);
  });

  it("redirects on the app's own path too (a request that never met the Node listener)", async () => {
    const answer = await running?.server.fetch(
      new Request("http://127.0.0.1/graphql", { method: "POST", headers: { "x-forwarded-proto": "http" } }),
      {},
    );
    expect(answer?.status).toBe(308);
    expect(answer?.headers.get("location")).toBe(`${site}/graphql`);
  });
});

describe("PUBLIC_URL=https://portal.example.test with no trusted proxy", () => {
  let running: Running | undefined;
  let port = 0;

  beforeAll(async () => {
    running = await start({});
    port = running.http.address.port;
  }, 120_000);
  afterAll(() => stop(running));

  it("ignores X-Forwarded-Proto from anyone: a request is sent to https whatever it claims", async () => {
    const answer = await send(port, "/about", { headers: { "x-forwarded-proto": "https", host: "evil.example" } });
    expect(answer.status).toBe(308);
    expect(answer.headers.location).toBe(`${site}/about`);
  });

  it("still answers health over plain http", async () => {
    expect((await send(port, "/healthz")).status).toBe(200);
    expect((await send(port, "/readyz")).status).toBe(200);
  });
});
