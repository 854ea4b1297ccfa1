import type { BuildFileAnswerer } from "../build-files.ts";
import { contentSecurityPolicy, securityHeaders } from "./headers.ts";

/**
 * Answered over plain http even on an https site: what a container's health check, an
 * orchestrator's probes and a metrics scraper call on the process itself, inside the
 * private network, where no TLS is spoken (ADR 042). A redirect would send them to the
 * public front, which they may not reach, and the process would be restarted as dead.
 * None of them serves a page, sets a cookie or reads one.
 */
export const plainHttpPaths: ReadonlySet<string> = new Set(["/healthz", "/readyz", "/metrics"]);

/**
 * Whether a request reached the site over https. The process itself speaks plain http,
 * so only a proxy it trusts (TRUST_PROXY) can say otherwise, in X-Forwarded-Proto: the
 * first value, the one the proxy nearest the visitor wrote. Sent by anyone else, the
 * header means nothing.
 */
export function arrivedOverHttps(trustProxy: boolean, forwardedProto: string | undefined): boolean {
  if (!trustProxy || forwardedProto === undefined) return false;
  const first = forwardedProto.split(",", 1)[0] ?? "";
  return first.trim().toLowerCase() === "https";
}

/**
 * Where an http request is sent: the site's own origin (PUBLIC_URL's, never the Host
 * header: no redirect can name another host), with the request's path and query. A
 * request-target that is a whole URL (the form a request to a proxy takes) gives its
 * path and query; anything else (`*`) the home page.
 */
export function httpsLocation(origin: string, target: string | undefined): string {
  let pathAndQuery = "/";
  if (target?.startsWith("/")) pathAndQuery = target;
  else if (target && URL.canParse(target)) {
    const url = new URL(target);
    pathAndQuery = `${url.pathname}${url.search}`;
  }
  // Joined as text, so "//elsewhere.example/" stays a path on this origin; parsed, so what
  // goes into the header is a well-formed URL (percent-encoded, dot segments resolved).
  const location = URL.parse(`${origin}${pathAndQuery}`);
  return location?.origin === origin ? location.href : `${origin}/`;
}

/**
 * With PUBLIC_URL on https, every request that did not arrive over https is sent there
 * with 308 (the method and body kept), before any other work: build files, the session
 * check, pages, forms, the API alike. `plainHttpPaths` are answered where they are. Null
 * on an http site: nothing is checked, and the fast path is as it was.
 */
export function createHttpsRedirect(options: { publicUrl: URL; trustProxy: boolean }): BuildFileAnswerer | null {
  if (options.publicUrl.protocol !== "https:") return null;
  const { origin } = options.publicUrl;
  const { trustProxy } = options;
  const base = securityHeaders({ csp: contentSecurityPolicy({ nonce: null, https: false }), https: false });
  return (_method, path, header, target) => {
    if (plainHttpPaths.has(path) || arrivedOverHttps(trustProxy, header("x-forwarded-proto"))) return null;
    return {
      status: 308,
      headers: { ...base, location: httpsLocation(origin, target ?? path), "content-length": 0 },
      body: null,
    };
  };
}
