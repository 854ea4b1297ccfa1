import semver from "semver";
import { describe, expect, it } from "vitest";
import { parseVersion, versionKey } from "./versions.ts";

describe("release versions", () => {
  it("takes semver as written, and nothing else", () => {
    for (const good of ["5.2.1", "0.1.0", "5.3.0-beta.2", "10.0.0-rc.1"])
      expect(parseVersion(good)?.version).toBe(good);
    for (const bad of ["v5.2.1", "5.2", "5.2.1.4", "05.2.1", "5.2.1+build.7", " 5.2.1", "latest", ""]) {
      expect(parseVersion(bad), bad).toBeNull();
    }
  });

  it("orders versions by their keys exactly as semver does", () => {
    const versions = [
      "5.10.0",
      "5.9.1",
      "5.3.0",
      "5.3.0-beta.10",
      "5.3.0-beta.9",
      "5.3.0-beta",
      "5.3.0-beta-x",
      "5.3.0-rc.1",
      "5.3.0-alpha",
      "5.3.0-1",
      "4.12.3",
      "0.9.0",
      "10.0.0-beta.1",
    ];
    const bySemver = [...versions].sort(semver.compare);
    const byKey = [...versions].sort((a, b) => {
      const [ka, kb] = [versionKey(semver.parse(a) as semver.SemVer), versionKey(semver.parse(b) as semver.SemVer)];
      return ka < kb ? -1 : ka > kb ? 1 : 0;
    });
    expect(byKey).toEqual(bySemver);
  });
});
