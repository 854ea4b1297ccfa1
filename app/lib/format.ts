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

const timeOfDay = new Intl.DateTimeFormat("en-US", { timeStyle: "short", timeZone: "UTC" });

/** The time of day, in UTC: "10:45 PM". */
export function formatTime(iso: string): string {
  return timeOfDay.format(new Date(iso));
}

const shortDate = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
const weekday = new Intl.DateTimeFormat("en-US", { weekday: "long", month: "short", day: "numeric", timeZone: "UTC" });
const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

function ago(count: number, unit: string, past: boolean): string {
  const words = `${count} ${unit}${count === 1 ? "" : "s"}`;
  return past ? `${words} ago` : `in ${words}`;
}

/**
 * A moment as a person says it, measured from `now` (the moment the page was made, so
 * the server and the browser say the same): "just now", "5 minutes ago", "in 3 days",
 * then a date ("Nov 16", with the year when it is not this one). Days are UTC days, as
 * every date in the portal is.
 */
export function relativeTime(iso: string, now: string): string {
  const at = new Date(iso).getTime();
  const reference = new Date(now).getTime();
  const past = at <= reference;
  const distance = Math.abs(reference - at);
  if (distance < minute) return past ? "just now" : "in a moment";
  if (distance < hour) return ago(Math.floor(distance / minute), "minute", past);
  if (distance < day) return ago(Math.floor(distance / hour), "hour", past);
  if (distance < 7 * day) return ago(Math.floor(distance / day), "day", past);
  const sameYear = new Date(at).getUTCFullYear() === new Date(reference).getUTCFullYear();
  return sameYear ? shortDate.format(at) : dateOnly.format(at);
}

/** The UTC day a moment falls on, as a heading for the rows of that day: "Today", "Yesterday", "Monday, Nov 16". */
export function dayHeading(iso: string, now: string): string {
  const dayOf = (value: string) => Math.floor(new Date(value).getTime() / day);
  const days = dayOf(now) - dayOf(iso);
  if (days === 0) return "Today";
  if (days === 1) return "Yesterday";
  const at = new Date(iso);
  return at.getUTCFullYear() === new Date(now).getUTCFullYear() ? weekday.format(at) : dateOnly.format(at);
}
