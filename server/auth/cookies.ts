/** Spec §9: the session cookie lives 7 days. */
export const sessionMaxAgeS = 604_800;

/**
 * Over https the cookie takes the `__Host-` prefix (Secure, no Domain, Path=/), so no
 * other host or path can set or shadow it. Plain http (a laptop) cannot use Secure.
 */
export function sessionCookieName(https: boolean): string {
  return hostCookieName("densara_session", https);
}

/** Every cookie the site sets follows the same rule: `__Host-` whenever it can be Secure. */
export function hostCookieName(name: string, https: boolean): string {
  return https ? `__Host-${name}` : name;
}

/** Whether the browser sent a cookie by this name at all, well-formed or not. */
export function hasCookie(header: string | null | undefined, name: string): boolean {
  return (header ?? "").split(";").some((part) => part.trim().startsWith(`${name}=`));
}

export function serializeCookie(
  name: string,
  value: string,
  options: { https: boolean; maxAgeS: number; sameSite?: "Lax" | "Strict" },
): string {
  const parts = [
    `${name}=${value}`,
    "Path=/",
    "HttpOnly",
    `SameSite=${options.sameSite ?? "Lax"}`,
    `Max-Age=${Math.max(0, Math.floor(options.maxAgeS))}`,
  ];
  if (options.https) parts.push("Secure");
  return parts.join("; ");
}

export function sessionCookie(token: string, https: boolean, maxAgeS = sessionMaxAgeS): string {
  return serializeCookie(sessionCookieName(https), token, { https, maxAgeS });
}

export function clearSessionCookie(https: boolean): string {
  return serializeCookie(sessionCookieName(https), "", { https, maxAgeS: 0 });
}

/** The value of one cookie from a Cookie header (base64url, this long at most); malformed input reads as absent. */
export function readCookie(header: string | null | undefined, name: string, maxLength = 128): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index === -1) continue;
    if (part.slice(0, index).trim() === name) {
      const value = part.slice(index + 1).trim();
      return value.length <= maxLength && /^[A-Za-z0-9_-]+$/.test(value) ? value : undefined;
    }
  }
  return undefined;
}
