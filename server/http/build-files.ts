import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { join, relative, sep } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, brotliCompressSync, constants, gzip as gzipCallback, gzipSync } from "node:zlib";
import type { MiddlewareHandler } from "hono";
import type { ThirdPartySources } from "../../shared/analytics.ts";
import { getMimeType } from "hono/utils/mime";
import type { Logger } from "../log.ts";
import type { AppEnv } from "./env.ts";
import { etagMatches, inlineScriptHashes } from "./prerendered.ts";
import { contentSecurityPolicy, requestIsHttps, securityHeaders } from "./security/headers.ts";

const immutable = "public, max-age=31536000, immutable";
const revalidate = "public, max-age=0, must-revalidate";
const shortLived = "public, max-age=300";

type Encoding = "br" | "gzip";

/** One file of the client build, held in memory with everything its answer needs. */
export type BuildFile = {
  identity: Buffer;
  encoded: Partial<Record<Encoding, Buffer>>;
  /** Strong, per representation: the identity's, and with "-br" / "-gz" for the encoded ones. */
  etag: string;
  /** The headers of every answer for this file, for http and for https (HSTS, upgrade-insecure-requests). */
  headers: { http: OutgoingHttpHeaders; https: OutgoingHttpHeaders };
  /** A page's inline scripts, by the CSP hashes that allow them. */
  scriptHashes: string[];
};

/** The prerender's nonce placeholder, taken out: a prerendered page is fixed bytes (ADR 010). */
export function withoutNonce(html: string, placeholder: string): string {
  return html.replaceAll(` nonce="${placeholder}"`, "");
}

/** Every file under `dir`, at any depth. */
export async function walk(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) =>
      entry.isDirectory() ? walk(join(dir, entry.name)) : Promise.resolve([join(dir, entry.name)]),
    ),
  );
  return nested.flat();
}

/** The address a build file answers at: a page's index.html at its directory, others by name; raw HTML never by name. */
function addressOf(clientDir: string, file: string): string | null {
  const path = `/${relative(clientDir, file).split(sep).join("/")}`;
  if (path.endsWith("/index.html")) return path === "/index.html" ? "/" : path.slice(0, -"/index.html".length);
  if (path.endsWith(".html") || path.endsWith(".br") || path.endsWith(".gz")) return null;
  return path;
}

/**
 * Reads the whole client build into memory (about 4 MB): every file with its precompressed
 * variants, a strong ETag and its final headers. Prerendered pages lose the nonce
 * placeholder and get a CSP of their inline scripts' hashes. A variant the build did not
 * write (an old build) is made here.
 */
export async function loadBuildFiles(clientDir: string, noncePlaceholder: string): Promise<Map<string, BuildFile>> {
  const files = new Map<string, BuildFile>();
  const onDisk = await walk(clientDir);
  const present = new Set(onDisk);
  for (const file of onDisk) {
    const address = addressOf(clientDir, file);
    if (address === null) continue;
    const page = file.endsWith(".html");
    let identity = await readFile(file);
    let scriptHashes: string[] = [];
    if (page) {
      const html = withoutNonce(identity.toString("utf8"), noncePlaceholder);
      identity = Buffer.from(html, "utf8");
      scriptHashes = inlineScriptHashes(html);
    }
    const encoded: Partial<Record<Encoding, Buffer>> = {};
    if (present.has(`${file}.br`)) encoded.br = await readFile(`${file}.br`);
    if (present.has(`${file}.gz`)) encoded.gzip = await readFile(`${file}.gz`);
    if (page && (!encoded.br || !encoded.gzip)) {
      encoded.br = brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
      encoded.gzip = gzipSync(identity, { level: 9 });
    }
    const type = page ? "text/html; charset=utf-8" : (getMimeType(file) ?? "application/octet-stream");
    files.set(address, buildFile(address, { identity, encoded, type, scriptHashes }));
  }
  return files;
}

/** A build file's answer headers and ETag, from its bytes: the cache policy by its address, the CSP by its scripts. */
function buildFile(
  address: string,
  file: {
    identity: Buffer;
    encoded: Partial<Record<Encoding, Buffer>>;
    type: string;
    scriptHashes: string[];
    thirdParty?: ThirdPartySources | undefined;
  },
): BuildFile {
  const { identity, encoded, type, scriptHashes, thirdParty } = file;
  const page = type.startsWith("text/html");
  const csp = (https: boolean) => contentSecurityPolicy({ nonce: null, scriptHashes, https, thirdParty });
  const cacheControl = address.startsWith("/assets/")
    ? immutable
    : address.startsWith("/builds/")
      ? "no-cache"
      : page
        ? revalidate
        : shortLived;
  const etag = `"${createHash("sha256").update(identity).digest("base64url").slice(0, 27)}"`;
  const base: OutgoingHttpHeaders = {
    "content-type": type,
    "cache-control": cacheControl,
    "accept-ranges": "bytes",
    ...(encoded.br || encoded.gzip ? { vary: "Accept-Encoding" } : {}),
  };
  const headers = (https: boolean) => ({ ...base, ...securityHeaders({ csp: csp(https), https, path: address }) });
  return { identity, encoded, etag, headers: { http: headers(false), https: headers(true) }, scriptHashes };
}

const brotli = promisify(brotliCompress);
const gzip = promisify(gzipCallback);

/**
 * Brotli and gzip 9 in libuv's threads (off the event loop). Brotli 11, as the build
 * compresses; `quality` 10 sends about 2% more bytes for a third of the work.
 */
async function compressed(identity: Buffer, quality: 10 | 11 = 11): Promise<{ br: Buffer; gzip: Buffer }> {
  const [br, gz] = await Promise.all([
    // A 256 KB window: as small as the page loses nothing (pages are under it), and the
    // default 4 MB one left the process 8 MB larger at rest (bench:memory, PGlite).
    brotli(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_LGWIN]: 18 } }),
    gzip(identity, { level: 9 }),
  ]);
  return { br, gzip: gz };
}

/**
 * The build's files at the site's own origin (ADR 042). The build writes `from` (a
 * stand-in: it never knows the host) wherever a page, the sitemap or robots.txt names this
 * site; this puts `to` (PUBLIC_URL's origin) in its place, once, when the server starts,
 * and compresses what changed again: brotli 10, within about 2% of the build's brotli 11
 * for a third of its work (every process and every test server does this at start).
 * Hashed assets are never read: they name no origin, and their bytes must stay those of
 * their name. Files that do not name `from` are the same objects as before. Served from
 * memory as before: a request costs what it did.
 */
export async function filesAtOrigin(
  files: ReadonlyMap<string, BuildFile>,
  from: string,
  to: string,
): Promise<Map<string, BuildFile>> {
  const result = new Map(files);
  if (from === to) return result;
  await Promise.all(
    [...files].map(async ([address, file]) => {
      if (address.startsWith("/assets/") || !file.identity.includes(from)) return;
      const type = String(file.headers.http["content-type"]);
      const text = file.identity.toString("utf8").replaceAll(from, to);
      const identity = Buffer.from(text, "utf8");
      const page = type.startsWith("text/html");
      // What the build compressed (pages, and every file over 1 KB) is compressed again.
      const encoded = page || file.encoded.br || file.encoded.gzip ? await compressed(identity, 10) : {};
      result.set(
        address,
        buildFile(address, { identity, encoded, type, scriptHashes: page ? inlineScriptHashes(text) : [] }),
      );
    }),
  );
  return result;
}

/**
 * A page the server rendered itself (ADR 029), as a build file: fixed bytes like a
 * prerendered page, compressed as the build compresses them, off the event loop.
 * `nonce` is the one it was rendered with: taken out, its inline scripts go by hash.
 * `thirdParty`: the hosts of the analytics loaders whose data block the page carries (ADR 030).
 */
export async function renderedPageFile(
  address: string,
  rendered: string,
  scripts: { nonce: string | null } | { hashes: string[] },
  thirdParty?: ThirdPartySources,
): Promise<BuildFile> {
  const nonce = "nonce" in scripts ? scripts.nonce : null;
  const html = nonce ? withoutNonce(rendered, nonce) : rendered;
  // Only the scripts the render itself wrote (they carry its nonce) are allowed, by hash:
  // anything else in the page, however it got there, stays blocked.
  const scriptHashes =
    "hashes" in scripts ? scripts.hashes : inlineScriptHashes(nonce ? ownScripts(rendered, nonce) : rendered);
  const identity = Buffer.from(html, "utf8");
  return buildFile(address, {
    identity,
    encoded: await compressed(identity),
    type: "text/html; charset=utf-8",
    scriptHashes,
    thirdParty,
  });
}

/** The inline scripts of a rendered page that carry its nonce, with the nonce taken out. */
function ownScripts(html: string, nonce: string): string {
  const attribute = ` nonce="${nonce}"`;
  return [...html.matchAll(/<script\b[^>]*>[\s\S]*?<\/script>/g)]
    .map((match) => match[0])
    .filter((script) => script.slice(0, script.indexOf(">") + 1).includes(attribute))
    .map((script) => script.replace(attribute, ""))
    .join("");
}

/** The encoding to send: brotli, then gzip, when the browser accepts it (q > 0) and the file has it. */
export function chooseEncoding(
  acceptEncoding: string | undefined,
  file: { encoded: Partial<Record<Encoding, unknown>> },
): Encoding | null {
  if (!acceptEncoding) return null;
  const accepted = new Set<string>();
  for (const part of acceptEncoding.split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((param) => /^\s*q\s*=\s*([\d.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
    if (q === undefined || Number(q) > 0) accepted.add(name.trim());
  }
  if (file.encoded.br && (accepted.has("br") || accepted.has("*"))) return "br";
  if (file.encoded.gzip && (accepted.has("gzip") || accepted.has("*"))) return "gzip";
  return null;
}

function etagOf(file: BuildFile, encoding: Encoding | null): string {
  return encoding === null ? file.etag : `${file.etag.slice(0, -1)}-${encoding === "br" ? "br" : "gz"}"`;
}

function matchesAny(ifNoneMatch: string, file: BuildFile): boolean {
  return [file.etag, etagOf(file, "br"), etagOf(file, "gzip")].some((etag) => etagMatches(ifNoneMatch, etag));
}

/** One byte range of `size` bytes, or "none" (serve it all), or "unsatisfiable" (416). */
export function byteRange(
  range: string | undefined,
  size: number,
): { start: number; end: number } | "none" | "unsatisfiable" {
  if (range === undefined) return "none";
  const match = /^\s*bytes\s*=\s*(\d*)-(\d*)\s*$/i.exec(range);
  if (!match || (match[1] === "" && match[2] === "")) return "none";
  const [, first = "", last = ""] = match;
  if (first === "") {
    const length = Number(last);
    if (length === 0 || size === 0) return "unsatisfiable";
    return { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  const end = last === "" ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size || start > end) return "unsatisfiable";
  return { start, end };
}

/** The answer for a build file: status, headers and the bytes to send (none for HEAD and 304). */
export type BuildFileAnswer = { status: number; headers: OutgoingHttpHeaders; body: Buffer | null };

/**
 * Answers a GET or HEAD for a build file from memory, or null when the request is not
 * one (another method, another path). `header` reads a request header by its lower-case
 * name. The same security headers as every other answer; no other work.
 */
export function createBuildFileAnswerer(options: {
  files: ReadonlyMap<string, BuildFile>;
  https: boolean;
  trustProxy: boolean;
}) {
  const { files } = options;
  /** A full 200's headers per file, scheme and encoding, made once: the common answer allocates nothing. */
  const complete = new WeakMap<BuildFile, Map<string, OutgoingHttpHeaders>>();
  const headersFor = (file: BuildFile, https: boolean, encoding: Encoding | null): OutgoingHttpHeaders => {
    let forFile = complete.get(file);
    if (!forFile) complete.set(file, (forFile = new Map<string, OutgoingHttpHeaders>()));
    const key = `${String(https)}:${encoding ?? ""}`;
    let headers = forFile.get(key);
    if (!headers) {
      const body = encoding ? (file.encoded[encoding] ?? file.identity) : file.identity;
      headers = {
        ...(https ? file.headers.https : file.headers.http),
        etag: etagOf(file, encoding),
        ...(encoding ? { "content-encoding": encoding } : {}),
        "content-length": body.length,
      };
      forFile.set(key, headers);
    }
    return headers;
  };
  return (method: string, path: string, header: (name: string) => string | undefined): BuildFileAnswer | null => {
    if (method !== "GET" && method !== "HEAD") return null;
    const file = files.get(path);
    if (!file) return null;
    const https = requestIsHttps(options, header("x-forwarded-proto"));
    const encoding = chooseEncoding(header("accept-encoding"), file);
    const headers = headersFor(file, https, encoding);
    const ifNoneMatch = header("if-none-match");
    if (ifNoneMatch !== undefined && matchesAny(ifNoneMatch, file)) {
      const { "content-length": _length, ...notModified } = headers;
      return { status: 304, headers: notModified, body: null };
    }
    const body = encoding ? (file.encoded[encoding] ?? file.identity) : file.identity;
    const rangeHeader = encoding === null ? header("range") : undefined;
    if (rangeHeader !== undefined) {
      const ifRange = header("if-range");
      const range = ifRange === undefined || ifRange === headers.etag ? byteRange(rangeHeader, body.length) : "none";
      if (range === "unsatisfiable") {
        return {
          status: 416,
          headers: { ...headers, "content-range": `bytes */${body.length}`, "content-length": 0 },
          body: null,
        };
      }
      if (range !== "none") {
        const part = body.subarray(range.start, range.end + 1);
        return {
          status: 206,
          headers: {
            ...headers,
            "content-range": `bytes ${range.start}-${range.end}/${body.length}`,
            "content-length": part.length,
          },
          body: method === "HEAD" ? null : part,
        };
      }
    }
    return { status: 200, headers, body: method === "HEAD" ? null : body };
  };
}

/** An answer from memory for a request, or null to pass it on; `target` is the request-target (path and query). */
export type BuildFileAnswerer = (
  method: string,
  path: string,
  header: (name: string) => string | undefined,
  target?: string,
) => BuildFileAnswer | null;

/** The path of a request target, without its query. */
export function pathOf(url: string | undefined): string {
  if (!url) return "/";
  const query = url.indexOf("?");
  return query === -1 ? url : url.slice(0, query);
}

/** The Node requests the fast path asked about and passed on: the app's middleware does not ask again. */
const askedOnNode = new WeakSet<IncomingMessage>();

/**
 * In front of everything, on the Node request itself: a build file is answered before
 * the request becomes a fetch Request or meets any middleware. True when it answered.
 */
export function answerBuildFile(
  answer: BuildFileAnswerer,
  log: Logger,
  request: IncomingMessage,
  response: ServerResponse,
  /** Told of each answer given here, with the moment the request arrived (the metrics: ADR 032). */
  observe?: (method: string, path: string, status: number, started: number) => void,
): boolean {
  const started = observe ? performance.now() : 0;
  const method = request.method ?? "GET";
  const path = pathOf(request.url);
  const result = answer(
    method,
    path,
    (name) => {
      const value = request.headers[name];
      return Array.isArray(value) ? value.join(", ") : value;
    },
    request.url,
  );
  if (!result) {
    askedOnNode.add(request);
    return false;
  }
  response.writeHead(result.status, result.headers);
  response.end(result.body ?? undefined);
  log.debug("request", { method, path, status: result.status });
  observe?.(method, path, result.status, started);
  return true;
}

/**
 * The same, as the app's first middleware: for requests that reach the app without
 * passing the Node listener's fast path (tests that call `fetch` directly). A request the
 * fast path already asked about goes straight on: the early answers are asked once.
 */
export function buildFileMiddleware(answer: BuildFileAnswerer): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    // The server's own render of a page it keeps (ADR 029) goes on to render it.
    if (c.env.liveRender === true) return next();
    if (c.env.incoming && askedOnNode.has(c.env.incoming)) return next();
    const url = new URL(c.req.url);
    const result = answer(c.req.method, c.req.path, (name) => c.req.header(name), `${url.pathname}${url.search}`);
    if (!result) return next();
    const headers = new Headers();
    for (const [name, value] of Object.entries(result.headers))
      if (value !== undefined) headers.set(name, String(value));
    return new Response(result.body ? new Uint8Array(result.body) : null, { status: result.status, headers });
  };
}
