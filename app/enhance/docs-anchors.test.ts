import { describe, expect, it } from "vitest";
import { landingFor } from "./docs-anchors.ts";

const page = new Set(["main", "toc-heading", "user-content-setup", "user-content-über-uns", "old-heading"]);
const exists = (id: string) => page.has(id);

describe("landingFor", () => {
  it.each([
    ["#setup", "user-content-setup"],
    ["#%C3%BCber-uns", "user-content-über-uns"],
    ["#user-content-old-heading", "old-heading"],
  ])("leads %s to %s", (hash, id) => {
    expect(landingFor(hash, exists)).toBe(id);
  });

  it.each(["", "#", "#main", "#user-content-setup", "#nowhere", "#user-content-", "#%E0%A4%A"])(
    "leaves %j where it is",
    (hash) => {
      expect(landingFor(hash, exists)).toBeUndefined();
    },
  );
});
