import type { OutgoingHttpHeaders } from "node:http";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { ServerBuild } from "react-router";
import type { ThirdPartySources } from "../../shared/analytics.ts";
import type { BuildFileAnswer } from "./build-files.ts";
import { chooseEncoding, pathOf } from "./build-files.ts";
import { decodes, routeMatcher } from "./middleware/page-requests.ts";
import { inlineScriptHashes } from "./prerendered.ts";
import { contentSecurityPolicy, requestIsHttps, securityHeaders } from "./security/headers.ts";

/**
 * The 404 screen for an unknown public address, without rendering it per request
 * (issue 8). The screen is rendered once, by React Router, for a marker address; the
 * address shows in it twice over: as text ("Page not found: /x?y") and in the Sign in
 * link (`returnTo=%2Fx`). Each request fills those holes, escaped as React would, into
 * fixed bytes. Its compressed forms are kept for the most recent addresses. Anything
 * else in the screen that mentions the address would make the template unsafe to fill;
 * then there is no template, and every 404 renders as before.
 */

const markerPath = "/__densara_not_found__";
const markerQuery = "?__densara_query__";
export const notFoundMarker = `${markerPath}${markerQuery}`;

/** The route every unknown public address ends at (app/routes.ts: `route("*", …)`). */
const siteNotFoundRoute = "routes/site/not-found";

type Hole = "text" | "uri";
export type NotFoundTemplate = { parts: string[]; holes: Hole[]; scriptHashes: string[] };

const entities: Record<string, string> = { '"': "&quot;", "&": "&amp;", "'": "&#x27;", "<": "&lt;", ">": "&gt;" };

/** React's escaping of text and attribute values, byte for byte (react-dom's escapeTextForBrowser). */
function escapeHtml(value: string): string {
  return value.replace(/["&'<>]/g, (character) => entities[character] ?? character);
}

/**
 * The template in a rendered screen, or null when the address shows anywhere but the two
 * holes it knows how to fill. `nonce` is taken out: scripts are allowed by hash.
 */
export function notFoundTemplate(html: string, nonce: string | null): NotFoundTemplate | null {
  const page = nonce ? html.replaceAll(` nonce="${nonce}"`, "") : html;
  const text = escapeHtml(`${markerPath}${loaderSearch(markerQuery)}`);
  const uri = encodeURIComponent(markerPath);
  const parts: string[] = [];
  const holes: Hole[] = [];
  let rest = page;
  for (;;) {
    const atText = rest.indexOf(text);
    const atUri = rest.indexOf(uri);
    if (atText === -1 && atUri === -1) break;
    const useText = atText !== -1 && (atUri === -1 || atText < atUri);
    const at = useText ? atText : atUri;
    parts.push(rest.slice(0, at));
    holes.push(useText ? "text" : "uri");
    rest = rest.slice(at + (useText ? text : uri).length);
  }
  parts.push(rest);
  const leftover = parts.some((part) => part.includes("__densara_not_found__") || part.includes("__densara_query__"));
  if (leftover || !holes.includes("text") || (nonce !== null && page.includes(nonce))) return null;
  return { parts, holes, scriptHashes: inlineScriptHashes(page) };
}

/**
 * The query as a loader sees it: React Router rebuilds it through URLSearchParams, and
 * drops a bare `index` (react-router's createDataFunctionUrl).
 */
function loaderSearch(search: string): string {
  if (!search) return "";
  const params = new URLSearchParams(search);
  const index = params.getAll("index");
  params.delete("index");
  for (const value of index.filter(Boolean)) params.append("index", value);
  const serialized = params.toString();
  return serialized ? `?${serialized}` : "";
}

/** The screen for one address, as React Router would render it (the nonce aside). */
export function fillNotFound(template: NotFoundTemplate, url: URL): string {
  const text = escapeHtml(`${url.pathname}${loaderSearch(url.search)}`);
  const uri = escapeHtml(encodeURIComponent(url.pathname));
  let html = template.parts[0] ?? "";
  for (let index = 0; index < template.holes.length; index += 1) {
    html += (template.holes[index] === "text" ? text : uri) + (template.parts[index + 1] ?? "");
  }
  return html;
}

/** The path as Hono's `c.req.path` has it (decoded), to check the two agree. */
function safeDecode(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}

type Encoded = { br?: Buffer; gzip?: Buffer };
/** Either encoding can be made for the screen. */
const both = { encoded: { br: true, gzip: true } } as const;

/**
 * Answers a GET or HEAD for an address only the site's catch-all route matches, from the
 * template, or null for anything else (which then renders as usual). `target` is the
 * request-target as sent: path and query.
 */
export function createNotFoundAnswerer(options: {
  build: ServerBuild;
  https: boolean;
  trustProxy: boolean;
  /** Addresses the server answers outside React Router (/auth, /idp, /graphql …): never a 404 screen here. */
  servedElsewhere: (path: string) => boolean;
  /** How many addresses keep their compressed screens. */
  remember?: number;
}) {
  const match = routeMatcher(options.build);
  // React Router answers its lazy route discovery there itself, outside the route tree.
  const manifestPath = options.build.routeDiscovery.mode === "lazy" ? options.build.routeDiscovery.manifestPath : null;
  const remember = options.remember ?? 256;
  let template: NotFoundTemplate | null = null;
  let headers: { http: OutgoingHttpHeaders; https: OutgoingHttpHeaders } | null = null;
  /** Most recently used last: a Map keeps insertion order. */
  const recent = new Map<string, Encoded>();

  function encodedFor(key: string): Encoded {
    let entry = recent.get(key);
    if (entry) {
      recent.delete(key);
    } else {
      entry = {};
      if (recent.size >= remember) {
        const oldest = recent.keys().next();
        if (!oldest.done) recent.delete(oldest.value);
      }
    }
    recent.set(key, entry);
    return entry;
  }

  function answer(
    method: string,
    path: string,
    header: (name: string) => string | undefined,
    target?: string,
  ): BuildFileAnswer | null {
    if (!template || !headers || target === undefined) return null;
    if (method !== "GET" && method !== "HEAD") return null;
    const https = requestIsHttps(options, header("x-forwarded-proto"));
    const accepted = chooseEncoding(header("accept-encoding"), both);
    const reply = (body: Buffer): BuildFileAnswer => ({
      status: 404,
      headers: {
        ...(https ? headers?.https : headers?.http),
        ...(accepted ? { "content-encoding": accepted } : {}),
        "content-length": body.length,
      },
      body: method === "HEAD" ? null : body,
    });
    // An address answered a moment ago passed every check below: its bytes are kept.
    const kept = accepted ? recent.get(target)?.[accepted] : undefined;
    if (kept) return reply(kept);

    // Only plain addresses, as sent: "//x" would parse as another host, a dot segment or
    // a backslash is read differently by the routers in front, "/x/" redirects, and
    // ".data" is React Router's own.
    const raw = pathOf(target);
    if (!raw.startsWith("/") || raw.startsWith("//") || raw.includes("\\") || raw.includes("/.")) return null;
    if (raw.length > 1 && raw.endsWith("/")) return null;
    if (raw.endsWith(".data") || raw === manifestPath || !decodes(raw) || options.servedElsewhere(raw)) return null;
    let url: URL;
    try {
      url = new URL(target, "http://localhost");
    } catch {
      return null;
    }
    if (url.pathname !== raw || (path !== raw && path !== safeDecode(raw))) return null;
    if (match(url.pathname).at(-1)?.route.id !== siteNotFoundRoute) return null;

    const identity = Buffer.from(fillNotFound(template, url), "utf8");
    if (!accepted) return reply(identity);
    const entry = encodedFor(target);
    const body = (entry[accepted] ??=
      accepted === "br"
        ? brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
        : gzipSync(identity, { level: 6 }));
    return reply(body);
  }

  return Object.assign(answer, {
    /** Lets go of the template: every 404 screen is rendered per request until `learn` is called again. */
    forget(): void {
      template = null;
      recent.clear();
    },
    /**
     * Takes the screen React Router rendered for `notFoundMarker`; false when it cannot be
     * used. `thirdParty`: the hosts of the analytics loaders whose data block it carries.
     */
    learn(html: string, nonce: string | null, thirdParty?: ThirdPartySources): boolean {
      template = notFoundTemplate(html, nonce);
      if (!template) return false;
      const { scriptHashes } = template;
      const headersFor = (https: boolean): OutgoingHttpHeaders => ({
        "content-type": "text/html; charset=utf-8",
        vary: "Accept-Encoding",
        ...securityHeaders({ csp: contentSecurityPolicy({ nonce: null, scriptHashes, https, thirdParty }), https }),
      });
      headers = { http: headersFor(false), https: headersFor(true) };
      recent.clear();
      return true;
    },
  });
}
