/**
 * How docs are addressed: `/docs/<path>`, the path being each level's slug joined by "/".
 * The rules live here so the editor can suggest and check a slug as it is typed; the
 * domain applies the same ones (server/domain/docs/fields.ts) and is the one that decides.
 */

export const slugLimit = 60;
/** Levels below /docs: deep enough for product › topic › task › detail. */
export const depthLimit = 5;

/** A doc's markdown may be this long: about 30,000 words, far past any page a reader finishes. */
export const bodyLimit = 200_000;
/** The reader's own addresses directly under /docs. */
const reservedTopSlugs = ["add", "edit", "search", "trash"] as const;

const slugShape = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Why a slug cannot be used, as a sentence, or null when it can. */
export function slugProblem(slug: string, atTop: boolean): string | null {
  if (slug === "") return "Give the page a slug: the last part of its address.";
  if (slug.length > slugLimit) return `Keep the slug to ${slugLimit} characters.`;
  if (!slugShape.test(slug)) {
    return "Use lowercase letters, digits and single hyphens in the slug, like daily-quality-control.";
  }
  if (atTop && (reservedTopSlugs as readonly string[]).includes(slug)) {
    return `“${slug}” is one of the docs area's own addresses: choose another slug.`;
  }
  return null;
}

/**
 * The doc path an address asks for, as the site spells it, or null when no doc could live
 * there. The address's own forms of the same path lead to it: any case, full-width
 * letters, stray or doubled slashes (`/docs//Calibration/` is `calibration`). Anything
 * else (spaces, punctuation, control characters) names no doc at all.
 */
export function canonicalDocPath(asked: string): string | null {
  const path = asked.normalize("NFKC").toLowerCase().split("/").filter(Boolean).join("/");
  if (path === "") return "";
  const slugs = path.split("/");
  if (slugs.length > 10 || !slugs.every((slug) => slug.length <= 80 && slugShape.test(slug))) return null;
  return path;
}

/** A slug made from a title: "Daily QC — step 2" becomes "daily-qc-step-2". */
export function suggestSlug(title: string): string {
  const ascii = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  if (ascii.length <= slugLimit) return ascii;
  const cut = ascii.slice(0, slugLimit + 1);
  const lastBreak = cut.lastIndexOf("-");
  return (lastBreak > 0 ? cut.slice(0, lastBreak) : ascii.slice(0, slugLimit)).replace(/-+$/, "");
}

/** A doc's address: "" is /docs itself. */
export function docHref(path: string): string {
  return path ? `/docs/${path}` : "/docs";
}

/** The raw markdown of a doc, at a predictable address: /docs/calibration → /docs/calibration.md. */
export function markdownHref(path: string): string {
  return `/docs/${path}.md`;
}
