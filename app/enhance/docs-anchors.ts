/**
 * A doc's heading ids carry GitHub's prefix (`user-content-setup`), so no heading can take
 * an id of the page around it. Addresses written before that (`/docs/x#setup`, in a
 * bookmark or another site) still land on their heading: when the hash names no element
 * but the prefixed id does, the page goes to that one instead, as a fragment link would
 * (it scrolls there, and keyboard focus starts from it). The other way round too, for a
 * page rendered before the prefix.
 */
const prefix = "user-content-";

/** The id to go to for a hash that names no element, if there is one. */
export function landingFor(hash: string, exists: (id: string) => boolean): string | undefined {
  let id: string;
  try {
    id = decodeURIComponent(hash.replace(/^#/, ""));
  } catch {
    return undefined;
  }
  if (!id || exists(id)) return undefined;
  const other = id.startsWith(prefix) ? id.slice(prefix.length) : `${prefix}${id}`;
  return other && exists(other) ? other : undefined;
}

export function initDocsAnchors() {
  const land = () => {
    const id = landingFor(location.hash, (name) => document.getElementById(name) !== null);
    // A replaced location: Back leads to the page before, not to the old address.
    if (id) location.replace(`#${encodeURIComponent(id)}`);
  };
  land();
  window.addEventListener("hashchange", land);
}
