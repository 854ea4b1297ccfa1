import { checkNavigation, NavigationError } from "../../app/lib/safe-navigation.ts";
import type { AuthNotice } from "./notices.ts";

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

/**
 * Spec §8 on the server: a sign-in asked to return to another site, or to an address with a
 * disallowed scheme (`javascript:`, `data:`…), is refused with the notice that says so. What
 * stays on the site but cannot be returned to (the sign-in endpoints, control characters)
 * still falls back quietly in `safeReturnTo`.
 */
export function returnToRefusal(value: string | undefined, origin: string): AuthNotice | undefined {
  if (value === undefined || value === "") return undefined;
  try {
    checkNavigation(value, origin);
    return undefined;
  } catch (error) {
    if (!(error instanceof NavigationError)) throw error;
    if (error.reason === "external") return "signin-return-elsewhere";
    if (error.reason === "protocol") return "signin-return-protocol";
    return undefined;
  }
}
