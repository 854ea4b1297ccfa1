import { randomBytes } from "node:crypto";

export function createNonce(): string {
  return randomBytes(16).toString("base64");
}

/**
 * The Content-Security-Policy for one response. Scripts run only from this origin or
 * with this response's nonce; prerendered pages also list the hashes of their inline
 * scripts, so a page revalidated from the browser cache (304) keeps working with its
 * older nonce.
 */
export function contentSecurityPolicy({
  nonce,
  scriptHashes = [],
  https,
}: {
  nonce: string;
  scriptHashes?: readonly string[];
  https: boolean;
}): string {
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' ${scriptHashes.map((hash) => `'${hash}'`).join(" ")}`.trim(),
    // The portal's dialogs add one style element (scroll locking), with the nonce.
    `style-src 'self' 'nonce-${nonce}'`,
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
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

/** Headers every response carries, whatever produced it. */
export function applySecurityHeaders(headers: Headers, options: { csp: string; https: boolean }) {
  headers.set("Content-Security-Policy", options.csp);
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Permissions-Policy", permissionsPolicy);
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
  headers.set("Cross-Origin-Resource-Policy", "same-origin");
  if (options.https) headers.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
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
