import semver from "semver";

/** A semver version as written (no leading "v", no build metadata), or null. */
export function parseVersion(text: string): semver.SemVer | null {
  const parsed = semver.parse(text);
  return parsed && parsed.version === text && parsed.build.length === 0 ? parsed : null;
}

const pad = (value: number) => String(value).padStart(10, "0");

/**
 * A text that sorts (byte by byte, the "C" collation) as semver orders versions:
 * numbers compared as numbers, a pre-release before its release, and pre-release
 * identifiers one by one, numeric ones before words, fewer before more. "!" separates
 * identifiers (it sorts before every character they may hold) and "~" ends a release
 * (after all of them).
 */
export function versionKey(version: semver.SemVer): string {
  const main = `${pad(version.major)}.${pad(version.minor)}.${pad(version.patch)}`;
  if (version.prerelease.length === 0) return `${main}~`;
  const identifiers = version.prerelease.map((identifier) =>
    typeof identifier === "number" ? `0${pad(identifier)}` : `1${identifier}`,
  );
  return `${main}!${identifiers.join("!")}`;
}
