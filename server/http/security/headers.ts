import { randomBytes } from "node:crypto";
import type { ThirdPartySources } from "../../../shared/analytics.ts";

/** Whether a request came over https: the site is https, or a trusted proxy says so. */
export function requestIsHttps(
  site: { https: boolean; trustProxy: boolean },
  forwardedProto: string | undefined,
): boolean {
  return site.https || (site.trustProxy && forwardedProto === "https");
}

export function createNonce(): string {
  return randomBytes(16).toString("base64");
}

/**
 * The Content-Security-Policy for one response. Scripts run only from this origin or
 * with this response's nonce; prerendered pages also list the hashes of their inline
 * scripts, so a page revalidated from the browser cache (304) keeps working with its
 * older nonce. A public page adds the hosts of the analytics loaders that are on
 * (`thirdParty`, ADR 030), and no others.
 */
export function contentSecurityPolicy({
  nonce,
  scriptHashes = [],
  https,
  thirdParty,
}: {
  /** Null for fixed bytes served from the build (ADR 010): their inline scripts are allowed by hash. */
  nonce: string | null;
  scriptHashes?: readonly string[];
  https: boolean;
  thirdParty?: ThirdPartySources | undefined;
}): string {
  const withNonce = nonce === null ? "" : ` 'nonce-${nonce}'`;
  const hosts = (list: readonly string[] | undefined) => (list?.length ? ` ${list.join(" ")}` : "");
  const directives = [
    "default-src 'self'",
    `script-src 'self'${withNonce}${hosts(thirdParty?.script)} ${scriptHashes.map((hash) => `'${hash}'`).join(" ")}`.trim(),
    // The portal's dialogs add one style element (scroll locking), with the nonce.
    `style-src 'self'${withNonce}`,
    `img-src 'self' data:${hosts(thirdParty?.img)}`,
    "font-src 'self'",
    `connect-src 'self'${hosts(thirdParty?.connect)}`,
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(https ? ["upgrade-insecure-requests"] : []),
  ];
  return directives.join("; ");
}

export const permissionsPolicy = [
  "camera=()",
  "microphone=()",
  "geolocation=()",
  "payment=()",
  "usb=()",
  "serial=()",
  "hid=()",
  "accelerometer=()",
  "gyroscope=()",
  "magnetometer=()",
  "browsing-topics=()",
].join(", ");

/** The pages that may ask the browser where the visitor is ("Use my location" on the locations finder). */
const locationPaths = new Set(["/locations"]);
const locatingPolicy = permissionsPolicy.replace("geolocation=()", "geolocation=(self)");

/** The Permissions-Policy for a path: nothing allowed, but the location on the pages that ask for it. */
function permissionsPolicyFor(path: string | undefined): string {
  return path !== undefined && locationPaths.has(path) ? locatingPolicy : permissionsPolicy;
}

/** Headers every response carries, whatever produced it: as name/value pairs. */
export function securityHeaders(options: { csp: string; https: boolean; path?: string }): Record<string, string> {
  return {
    "Content-Security-Policy": options.csp,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    "Permissions-Policy": permissionsPolicyFor(options.path),
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
    ...(options.https ? { "Strict-Transport-Security": "max-age=63072000; includeSubDomains" } : {}),
  };
}

/** Sets the security headers on a response's headers. */
export function applySecurityHeaders(headers: Headers, options: { csp: string; https: boolean; path?: string }) {
  for (const [name, value] of Object.entries(securityHeaders(options))) headers.set(name, value);
}

/**
 * GraphiQL's one page (admins, and development) bundles its editor: it injects styles
 * and runs its language services in blob: workers. Scripts still need the nonce.
 */
export function graphiqlContentSecurityPolicy({ nonce, https }: { nonce: string; https: boolean }): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(https ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}
