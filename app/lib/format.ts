/**
 * Dates in the portal read the same on the server and in the browser (no hydration
 * mismatch, whatever the reader's time zone): US English, in UTC, and say so.
 */
const dateTime = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
const dateOnly = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });

export function formatDateTime(iso: string | null | undefined, never = "Never"): string {
  return iso ? `${dateTime.format(new Date(iso))} UTC` : never;
}

export function formatDate(iso: string | null | undefined, never = "—"): string {
  return iso ? dateOnly.format(new Date(iso.length === 10 ? `${iso}T00:00:00Z` : iso)) : never;
}

const number = new Intl.NumberFormat("en-US");

export function formatCount(value: number, one: string, many: string): string {
  return `${number.format(value)} ${value === 1 ? one : many}`;
}

/** A browser's User-Agent, as a person would name it: "Chrome on Windows". */
export function describeBrowser(userAgent: string | null): string {
  if (!userAgent) return "An unknown browser";
  const browser = /Edg\//.test(userAgent)
    ? "Edge"
    : /Firefox\//.test(userAgent)
      ? "Firefox"
      : /Chrome\//.test(userAgent)
        ? "Chrome"
        : /Safari\//.test(userAgent)
          ? "Safari"
          : /curl|node|python|Go-http/i.test(userAgent)
            ? "A script"
            : "A browser";
  const system = /Windows/.test(userAgent)
    ? "Windows"
    : /iPhone|iPad/.test(userAgent)
      ? "iOS"
      : /Mac OS X|Macintosh/.test(userAgent)
        ? "macOS"
        : /Android/.test(userAgent)
          ? "Android"
          : /Linux/.test(userAgent)
            ? "Linux"
            : null;
  return system ? `${browser} on ${system}` : browser;
}

/** "an admin", "an editor", "a viewer". */
export function withArticle(word: string): string {
  return `${/^[aeiou]/i.test(word) ? "an" : "a"} ${word}`;
}

/** How a person is named on any page: their name, else their address, else a plain label. */
export function personName(person: { name: string | null; email: string | null }): string {
  return person.name ?? person.email ?? "Unnamed user";
}
