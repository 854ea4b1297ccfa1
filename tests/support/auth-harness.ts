import { createMetrics } from "../../server/metrics.ts";
import { getRequestListener } from "@hono/node-server";
import { createServer as createNodeServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { LoginTransactions } from "../../server/auth/login-transactions.ts";
import type { RelyingParty } from "../../server/auth/relying-party.ts";
import type { SessionStore } from "../../server/domain/users/session-store.ts";
import { loadConfig, type Config } from "../../server/config.ts";
import type { DatabaseHandle } from "../../server/db/client.ts";
import { loadBuild, type AppBuild } from "../../server/http/build.ts";
import type { BlobStore } from "../../server/storage/blob-store.ts";
import { openFileStore } from "../../server/storage/open.ts";
import { createServer, type AppServer } from "../../server/http/server.ts";
import { createIdpAccount, type IdpAccount } from "../../server/idp/accounts.ts";
import { embeddedProviderPath, type EmbeddedProvider } from "../../server/idp/provider.ts";
import { currentRequestId, type Logger } from "../../server/log.ts";
import { openTestDatabase, type DatabaseKind } from "./databases.ts";

/**
 * The real server (`createServer`, over the production build) on a fresh database and a
 * free loopback port, with the embedded provider at /idp: sign-in, the hosted pages,
 * /auth, /graphql and the portal's pages, exactly as `npm start` serves them.
 */

type Level = keyof Logger;
export type LogEntry = { level: Level; message: string; fields: Record<string, unknown>; requestId?: string };

/** A silent logger that keeps what it was told (and for which request), so tests can look at why something failed. */
export function recordingLogger(): Logger & { entries: LogEntry[] } {
  const entries: LogEntry[] = [];
  const write =
    (level: Level) =>
    (message: string, fields: Record<string, unknown> = {}) => {
      const requestId = currentRequestId();
      entries.push({ level, message, fields, ...(requestId ? { requestId } : {}) });
    };
  return { entries, debug: write("debug"), info: write("info"), warn: write("warn"), error: write("error") };
}

/** Cheap scrypt for test accounts (the hash is self-describing, so verifying is cheap too). */
const fastHash = { N: 2 ** 10, r: 8, p: 1 } as const;

export type SetCookie = { name: string; value: string; attributes: Map<string, string> };

/** One Set-Cookie header; attribute names lowercased, valueless attributes (HttpOnly) map to "". */
function parseSetCookie(header: string): SetCookie {
  const [pair = "", ...rest] = header.split(";");
  const index = pair.indexOf("=");
  const attributes = new Map<string, string>();
  for (const part of rest) {
    const at = part.indexOf("=");
    const name = (at === -1 ? part : part.slice(0, at)).trim().toLowerCase();
    if (name) attributes.set(name, at === -1 ? "" : part.slice(at + 1).trim());
  }
  return { name: pair.slice(0, index).trim(), value: pair.slice(index + 1).trim(), attributes };
}

/** The Set-Cookie headers of a response for one cookie name. */
export function setCookies(response: Response, name: string): SetCookie[] {
  return response.headers
    .getSetCookie()
    .map(parseSetCookie)
    .filter((cookie) => cookie.name === name);
}

type StoredCookie = { name: string; value: string; path: string };

function pathMatches(requestPath: string, cookiePath: string): boolean {
  if (requestPath === cookiePath) return true;
  if (!requestPath.startsWith(cookiePath)) return false;
  return cookiePath.endsWith("/") || requestPath.charAt(cookiePath.length) === "/";
}

function defaultPath(requestPath: string): string {
  const last = requestPath.lastIndexOf("/");
  return last <= 0 ? "/" : requestPath.slice(0, last);
}

/**
 * A cookie jar for one origin that never follows redirects itself: it keeps Set-Cookie
 * values by name and path (Max-Age=0 or a past Expires deletes) and sends the matching
 * ones back. Each browser has its own client address (the test server trusts its proxy
 * header, X-Forwarded-For), so the per-network sign-in limit of one test does not spill
 * into another.
 */
export class TestBrowser {
  readonly #cookies = new Map<string, StoredCookie>();
  readonly origin: string;
  readonly clientAddress: string;

  constructor(origin: string, clientAddress: string) {
    this.origin = origin;
    this.clientAddress = clientAddress;
  }

  /** A request from this browser; relative URLs resolve against the site's origin. */
  async fetch(url: string | URL, init: RequestInit = {}): Promise<Response> {
    const target = new URL(url, this.origin);
    const headers = new Headers(init.headers);
    headers.set("x-forwarded-for", this.clientAddress);
    const cookie = this.cookieHeader(target.pathname);
    if (cookie) headers.set("cookie", cookie);
    const response = await fetch(target, { ...init, headers, redirect: "manual" });
    for (const header of response.headers.getSetCookie()) this.#store(parseSetCookie(header), target.pathname);
    return response;
  }

  /** POSTs a form (application/x-www-form-urlencoded). */
  post(url: string | URL, fields: Record<string, string> = {}): Promise<Response> {
    return this.fetch(url, { method: "POST", body: new URLSearchParams(fields) });
  }

  /** The Cookie header this browser would send to a path. */
  cookieHeader(path: string): string {
    return [...this.#cookies.values()]
      .filter((cookie) => pathMatches(path, cookie.path))
      .sort((a, b) => b.path.length - a.path.length)
      .map((cookie) => `${cookie.name}=${cookie.value}`)
      .join("; ");
  }

  /** A cookie's value as sent to `path` (the longest matching path wins). */
  cookie(name: string, path = "/"): string | undefined {
    return [...this.#cookies.values()]
      .filter((cookie) => cookie.name === name && pathMatches(path, cookie.path))
      .sort((a, b) => b.path.length - a.path.length)[0]?.value;
  }

  setCookie(name: string, value: string, path = "/"): void {
    this.#cookies.set(`${path}\u0000${name}`, { name, value, path });
  }

  deleteCookie(name: string): void {
    for (const [key, cookie] of this.#cookies) if (cookie.name === name) this.#cookies.delete(key);
  }

  #store(cookie: SetCookie, requestPath: string): void {
    const path = cookie.attributes.get("path") || defaultPath(requestPath);
    const key = `${path}\u0000${cookie.name}`;
    const maxAge = cookie.attributes.get("max-age");
    const expires = cookie.attributes.get("expires");
    const gone =
      (maxAge !== undefined && Number(maxAge) <= 0) ||
      (maxAge === undefined && expires !== undefined && new Date(expires).getTime() <= Date.now());
    if (gone) this.#cookies.delete(key);
    else this.#cookies.set(key, { name: cookie.name, value: cookie.value, path });
  }
}

export type TestAccount = { account: IdpAccount; email: string; password: string; name: string };

export type AuthHarness = {
  kind: DatabaseKind;
  database: DatabaseHandle;
  files: BlobStore;
  origin: string;
  publicUrl: URL;
  config: Config;
  server: AppServer;
  embedded: EmbeddedProvider;
  relyingParty: RelyingParty;
  sessions: SessionStore;
  transactions: LoginTransactions;
  log: ReturnType<typeof recordingLogger>;
  /** Moves the login transactions' clock (only theirs) this far ahead of real time. */
  clock: { offsetMs: number };
  /** How often the server told the outbox a write had ended (`mailQueued`). */
  mail: { nudges: number };
  newBrowser: () => TestBrowser;
  newAccount: (label?: string) => Promise<TestAccount>;
  /** GET /auth/login: the redirect to the provider and the state it carries. */
  beginSignIn: (browser: TestBrowser, returnTo?: string) => Promise<{ response: Response; authorizationUrl: URL }>;
  /** At the provider: from the authorization URL to the interaction's uid, or null when the provider skips it. */
  openInteraction: (browser: TestBrowser, authorizationUrl: URL) => Promise<{ uid: string } | { callback: URL }>;
  /** POSTs credentials to the hosted login page. */
  submitCredentials: (
    browser: TestBrowser,
    uid: string,
    credentials: { email: string; password: string },
  ) => Promise<Response>;
  /** The whole provider side: authorization URL in, the provider's redirect to /auth/logged-in out. */
  signInAtProvider: (browser: TestBrowser, authorizationUrl: URL, account: TestAccount) => Promise<URL>;
  /** /auth/login → provider → hosted login → /auth/logged-in; the callback's URL and its response. */
  signIn: (
    browser: TestBrowser,
    account: TestAccount,
    returnTo?: string,
  ) => Promise<{ callbackUrl: URL; response: Response }>;
  /** Resolves once the server has finished with every request it has received (written its answer, or failed to). */
  settled: () => Promise<void>;
  close: () => Promise<void>;
};

/** The Location of a redirect, resolved against the URL it answered. */
export function locationOf(response: Response, base: string | URL): URL {
  const location = response.headers.get("location");
  if (response.status < 300 || response.status > 399 || !location) {
    throw new Error(`expected a redirect from ${String(base)}, got ${response.status}`);
  }
  return new URL(location, base);
}

/**
 * A page as served now: its ETag, and whether it is still fixed bytes (ADR 010, 029): no
 * nonce in its CSP, and a 304 to its own ETag.
 */
export async function servedPage(browser: TestBrowser, path: string): Promise<{ etag: string; fixed: boolean }> {
  const page = await browser.fetch(path);
  const etag = page.headers.get("etag") ?? "";
  const again = await browser.fetch(path, { headers: { "if-none-match": etag } });
  const fixed =
    etag !== "" && !page.headers.get("content-security-policy")?.includes("'nonce-") && again.status === 304;
  return { etag, fixed };
}

let accounts = 0;
let browsers = 0;
let build: Promise<AppBuild> | undefined;

/** The production build, loaded once per test worker (tests/support/global-setup.ts makes sure it exists). */
export function testBuild(): Promise<AppBuild> {
  build ??= loadBuild(process.env.BUILD_DIR ?? "build");
  return build;
}

/** One server (createServer) on a fresh database of this kind, served on a free port. */
export async function startAuthHarness(
  kind: DatabaseKind,
  options: {
    errorPath?: string;
    signup?: boolean;
    notFoundFromTemplate?: boolean;
    /** The file store (say, S3 against s3rver); a temporary folder unless given. The harness closes it. */
    files?: BlobStore;
    /**
     * Serve `/metrics` to this bearer token, counting as production does: then build files
     * are answered on the Node objects first, as `startHttpServer` does, and counted there.
     */
    metricsToken?: string;
  } = {},
): Promise<AuthHarness> {
  const metrics = options.metricsToken ? createMetrics() : undefined;
  const database = await openTestDatabase(kind, metrics ? { onQuery: metrics.query } : {});
  const files = options.files ?? (await openFileStore({ s3: undefined, dataDir: "memory://" }));
  const { db } = database;
  const log = recordingLogger();

  // The issuer and redirect URIs carry the port, so listen first and assemble the server afterwards.
  let server: AppServer | undefined;
  const handle = getRequestListener((request, env) =>
    server ? server.fetch(request, env) : new Response("starting", { status: 503 }),
  );
  // Each request's handling, until the Node adapter is done with it (an answer written twice fails only then).
  const handling = new Set<Promise<unknown>>();
  const listener = createNodeServer((request, response) => {
    if (options.metricsToken && server?.answerBuildFile(request, response)) return;
    const handled = handle(request, response).finally(() => handling.delete(handled));
    handling.add(handled);
  });
  await new Promise<void>((resolve, reject) => {
    listener.once("error", reject);
    listener.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = listener.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  const publicUrl = new URL(origin);

  try {
    const config = loadConfig({
      NODE_ENV: "test",
      PUBLIC_URL: origin,
      TRUST_PROXY: "true",
      AUTH_ERROR_PATH: options.errorPath ?? "/",
      SIGNUP: options.signup ? "true" : "false",
      // Unused by these tests' accounts, but it keeps the first-account rule out of the way.
      ADMIN_EMAIL: "admin@example.test",
      ...(options.metricsToken ? { METRICS_TOKEN: options.metricsToken } : {}),
    });
    const clock = { offsetMs: 0 };
    const mail = { nudges: 0 };
    server = await createServer({
      config,
      database,
      files,
      build: await testBuild(),
      log,
      now: () => new Date(Date.now() + clock.offsetMs),
      mailQueued: () => {
        mail.nudges += 1;
      },
      ...(options.notFoundFromTemplate === false ? { notFoundFromTemplate: false } : {}),
      ...(metrics ? { metrics } : {}),
    });
    const embedded = server.embedded;
    if (!embedded) throw new Error("the test server runs the embedded provider");
    const { sessions, transactions, relyingParty } = server.auth;

    const harness: AuthHarness = {
      kind,
      database,
      files,
      origin,
      publicUrl,
      config,
      server,
      embedded,
      relyingParty,
      sessions,
      transactions,
      log,
      clock,
      mail,
      newBrowser: () => {
        browsers += 1;
        // Addresses from 198.18.0.0/15, the range set aside for testing network devices.
        return new TestBrowser(origin, `198.18.${(browsers >> 8) % 256}.${browsers % 256}`);
      },
      async newAccount(label = "person") {
        accounts += 1;
        const email = `${label}-${accounts}-${Date.now()}@example.test`;
        const name = `Test ${label} ${accounts}`;
        const password = `password of ${label} ${accounts}`;
        const created = await createIdpAccount(db, { email, name, password }, { hashParameters: fastHash });
        if (!created.ok) throw new Error(`could not create ${email}: ${created.error.message}`);
        return { account: created.account, email: created.account.email, password, name };
      },
      async beginSignIn(browser, returnTo) {
        const path = returnTo === undefined ? "/auth/login" : `/auth/login?returnTo=${encodeURIComponent(returnTo)}`;
        const response = await browser.fetch(path);
        return { response, authorizationUrl: locationOf(response, new URL(path, origin)) };
      },
      async openInteraction(browser, authorizationUrl) {
        const response = await browser.fetch(authorizationUrl);
        const next = locationOf(response, authorizationUrl);
        const prefix = `${embeddedProviderPath}/interaction/`;
        if (next.pathname.startsWith(prefix)) return { uid: next.pathname.slice(prefix.length) };
        if (next.pathname === "/auth/logged-in") return { callback: next };
        throw new Error(`the provider sent the browser to ${next.href}`);
      },
      submitCredentials(browser, uid, credentials) {
        return browser.post(`${embeddedProviderPath}/interaction/${uid}`, credentials);
      },
      async signInAtProvider(browser, authorizationUrl, account) {
        const opened = await harness.openInteraction(browser, authorizationUrl);
        if ("callback" in opened) return opened.callback;
        const submitted = await harness.submitCredentials(browser, opened.uid, {
          email: account.email,
          password: account.password,
        });
        if (submitted.status !== 303) {
          throw new Error(`signing in as ${account.email} failed (${submitted.status}): ${await submitted.text()}`);
        }
        const resume = locationOf(submitted, origin);
        const resumed = await browser.fetch(resume);
        const callback = locationOf(resumed, resume);
        if (callback.origin !== origin || callback.pathname !== "/auth/logged-in") {
          throw new Error(`the provider resumed to ${callback.href}`);
        }
        return callback;
      },
      async signIn(browser, account, returnTo) {
        const { authorizationUrl } = await harness.beginSignIn(browser, returnTo);
        const callbackUrl = await harness.signInAtProvider(browser, authorizationUrl, account);
        return { callbackUrl, response: await browser.fetch(callbackUrl) };
      },
      async settled() {
        while (handling.size > 0) await Promise.allSettled([...handling]);
      },
      async close() {
        await new Promise<void>((resolve) => {
          listener.close(() => resolve());
          listener.closeAllConnections();
        });
        await database.close();
        await files.close();
      },
    };
    return harness;
  } catch (error) {
    listener.close();
    await database.close();
    await files.close();
    throw error;
  }
}

const entities: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", "#x27": "'" };

/** The text of a page's form-level error (the `role="alert"` box), or undefined when it has none. */
export async function formAlertText(response: Response): Promise<string | undefined> {
  const html = await response.text();
  const match = /<div[^>]*role="alert"[^>]*>([\s\S]*?)<\/div>/.exec(html);
  return match?.[1]
    ?.replace(/<[^>]+>/g, "")
    .replace(/&(#?\w+);/g, (all, name: string) => entities[name] ?? all)
    .trim();
}
