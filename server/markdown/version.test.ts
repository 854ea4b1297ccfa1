import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { renderDoc } from "./docs.ts";
import { rendererVersion } from "./version.ts";

/** Something of every kind of block and mark the renderer knows. */
const sample = [
  "# Title\n\n## Before you start\n\nSome *emphasis*, **strong**, ~~struck~~, `code` and a footnote.[^1]",
  "### Parts\n\n| Code | Meaning | What to do |\n| :--- | :---: | ---: |\n| E-104 | Sensor not ready | Clean the plate. |",
  "- [x] done\n- [ ] to do\n  1. nested\n\n> [!WARNING]\n> Switch it off first.\n\n> A quote.",
  '```bash\necho ready\n```\n\n```json\n{"a": 1}\n```\n\n```\nplain\n```',
  "[a doc](/docs/calibration#steps) [a section](#parts) <https://example.com> [mail](MAILTO:a@b.example)",
  '![A library image](/media/0b0e3c1a-5d2f-4c3b-9a11-2f6e8d7c9b10 "Title") ![Elsewhere](https://example.com/x.png)',
  "##\n\n-\n\n[^1]: The note.",
].join("\n\n");

/** What the renderer gives for the sample, version by version. */
const digests: Record<number, string> = {
  2: "9d3841edca3d2d31",
};

describe("the renderer's version", () => {
  it("is raised whenever the renderer gives a different page for the same text", async () => {
    const digest = createHash("sha256")
      .update(JSON.stringify(await renderDoc(sample)))
      .digest("hex")
      .slice(0, 16);
    expect(
      digest,
      `renderDoc's output changed: raise rendererVersion (server/markdown/version.ts) and record ${digest} for it here`,
    ).toBe(digests[rendererVersion]);
  });
});
