/**
 * Spec §8: "external navigation without allowance" and "navigation to a disallowed
 * protocol" are errors. Every navigation the code makes from a computed address goes
 * through here, in the browser (`navigateTo`) and on the server (the sign-in return), so a
 * `javascript:` address or another site is refused with a sentence, never followed and
 * never silently replaced.
 */

/** Schemes a navigation may leave the site for, when it is allowed to leave at all. */
const allowedProtocols: ReadonlySet<string> = new Set(["http:", "https:", "mailto:", "tel:"]);

export type NavigationRefusal = "protocol" | "external" | "invalid";

export class NavigationError extends Error {
  override name = "NavigationError";
  readonly reason: NavigationRefusal;
  readonly target: string;
  constructor(reason: NavigationRefusal, target: string, message: string) {
    super(message);
    this.reason = reason;
    this.target = target;
  }
}

/** Long or hostile addresses are shown shortened and without control characters. */
function shown(target: string): string {
  const printable = target.replace(/[\p{Cc}\p{Cf}]/gu, "");
  return printable.length > 80 ? `${printable.slice(0, 79)}…` : printable;
}

/**
 * Where `to` leads from a page on `origin`, read as a browser reads it (tabs and line
 * breaks inside the scheme, leading spaces, backslashes), or a NavigationError:
 * `protocol` for a scheme outside `allowedProtocols` (javascript:, data:, vbscript:,
 * file:, blob: and the rest), `external` for another origin unless `external` allows it,
 * `invalid` for what no browser would read as an address.
 */
export function checkNavigation(to: string, origin: string, options: { external?: boolean } = {}): URL {
  let url: URL;
  try {
    url = new URL(to, origin);
  } catch {
    throw new NavigationError("invalid", to, `“${shown(to)}” is not an address a page can open.`);
  }
  if (!allowedProtocols.has(url.protocol)) {
    throw new NavigationError(
      "protocol",
      to,
      `Navigation to a “${url.protocol}” address is not allowed: ${shown(to)} was not opened.`,
    );
  }
  const base = new URL(origin);
  if (url.origin !== base.origin && !options.external) {
    const where = url.host || url.protocol.replace(/:$/, "");
    throw new NavigationError(
      "external",
      to,
      `This page may not take you to another site (${shown(where)}) by itself, so the link was not followed.`,
    );
  }
  return url;
}

/** Where a navigation lands: a path for the router when it stays on the site, else the whole address. */
function navigationTarget(url: URL, origin: string): { inside: true; path: string } | { inside: false; href: string } {
  return url.origin === new URL(origin).origin
    ? { inside: true, path: `${url.pathname}${url.search}${url.hash}` }
    : { inside: false, href: url.href };
}

/**
 * Browser navigation by address: follows `to` when `checkNavigation` allows it, with
 * `go` for a path inside the site (a client-side navigation) and a document load
 * otherwise; refused, it tells the person through `report` (a toast) and logs the error.
 * Returns whether it went.
 */
export function navigateTo(
  to: string,
  options: {
    external?: boolean;
    /** A client-side navigation for a path on this site; without it, a document load. */
    go?: (path: string) => void;
    report: (message: string) => void;
    location?: Pick<Location, "origin" | "assign">;
    console?: Pick<Console, "error">;
  },
): boolean {
  const location = options.location ?? window.location;
  try {
    const target = navigationTarget(
      checkNavigation(to, location.origin, { external: options.external }),
      location.origin,
    );
    if (target.inside && options.go) options.go(target.path);
    else location.assign(target.inside ? target.path : target.href);
    return true;
  } catch (error) {
    if (!(error instanceof NavigationError)) throw error;
    (options.console ?? console).error(error);
    options.report(error.message);
    return false;
  }
}

const probeOrigin = "https://return-to.invalid";

/**
 * Where to send someone after sign-in: only a path on this site. Anything that could
 * leave the origin (absolute URLs, "//host", "/\host", other schemes, control
 * characters) falls back, and so do the sign-in endpoints themselves, to avoid loops.
 */
export function safeReturnTo(value: unknown, fallback = "/"): string {
  if (typeof value !== "string" || value.length === 0 || value.length > 2048) return fallback;
  if (!value.startsWith("/") || value.startsWith("//") || value.includes("\\")) return fallback;
  for (let index = 0; index < value.length; index += 1) {
    const code = value.charCodeAt(index);
    if (code < 0x20 || code === 0x7f) return fallback;
  }
  let url: URL;
  try {
    url = new URL(value, probeOrigin);
  } catch {
    return fallback;
  }
  if (url.origin !== probeOrigin) return fallback;
  if (url.pathname === "/auth" || url.pathname.startsWith("/auth/")) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // Dot segments can collapse into "//host" ("/.//evil.example"): another site to a browser.
  return path.startsWith("//") ? fallback : path;
}
