import { createHash, timingSafeEqual } from "node:crypto";

/**
 * The CSRF token of a session: derived from its secret cookie value, so only a page
 * that was given it (never a third-party site) can send it back. Forms that write with
 * the session cookie carry it in a hidden field.
 */
export function csrfTokenFor(sessionToken: string): string {
  return createHash("sha256").update(`csrf:${sessionToken}`).digest("base64url");
}

export function csrfTokenMatches(sessionToken: string | undefined, submitted: unknown): boolean {
  if (!sessionToken || typeof submitted !== "string" || submitted.length === 0 || submitted.length > 128) return false;
  const expected = Buffer.from(csrfTokenFor(sessionToken));
  const given = Buffer.from(submitted);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * A write must come from this site: browsers say where a request comes from
 * (Sec-Fetch-Site, Origin), and a cross-site one is refused before it reaches any
 * handler. Requests without either header (scripts, servers) pass to the token checks.
 */
export function isCrossSiteWrite(request: Request, siteOrigin: string): boolean {
  if (["GET", "HEAD", "OPTIONS"].includes(request.method.toUpperCase())) return false;
  const fetchSite = request.headers.get("sec-fetch-site");
  if (fetchSite) return fetchSite !== "same-origin" && fetchSite !== "none";
  const origin = request.headers.get("origin");
  return origin !== null && origin !== siteOrigin;
}

/**
 * The token a write carries: the `X-CSRF-Token` header, or the `csrf` field of a form.
 * A form is read here once, and handed on (`form`) for the route's action to take
 * instead of reading the body again; a body that is no readable form gives no token.
 */
export async function submittedCsrfToken(request: Request): Promise<{ token: string | null; form?: FormData }> {
  const header = request.headers.get("x-csrf-token");
  if (header) return { token: header };
  const type = request.headers.get("content-type") ?? "";
  if (!/^(application\/x-www-form-urlencoded|multipart\/form-data)/i.test(type)) return { token: null };
  const form = await request.formData().catch(() => null);
  if (!form) return { token: null };
  const value = form.get("csrf");
  return { token: typeof value === "string" ? value : null, form };
}
