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
