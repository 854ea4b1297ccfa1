import { describe, expect, it } from "vitest";
import { uploadProblem, type UploadType } from "./media-choice.ts";

const types: UploadType[] = [
  { mimes: ["image/png"], label: "image", maxBytes: 1000 },
  { mimes: ["application/zip"], label: "archive", maxBytes: 5000 },
];

describe("uploadProblem", () => {
  it("lets through a file of a kind taken, within its kind's limit", () => {
    expect(uploadProblem({ size: 1000, type: "image/png" }, types)).toBeNull();
    expect(uploadProblem({ size: 4000, type: "application/zip" }, types)).toBeNull();
  });

  it("says when a file is past its own kind's limit", () => {
    expect(uploadProblem({ size: 1001, type: "image/png" }, types)).toBe(
      "That image is larger than 1000 bytes, the limit for one.",
    );
  });

  it("refuses an empty file, an SVG and a kind not taken; a file with no type is the server's to judge", () => {
    expect(uploadProblem({ size: 0, type: "image/png" }, types)).toBe("That file is empty.");
    expect(uploadProblem({ size: 10, type: "image/svg+xml" }, types)).toMatch(/SVG drawings can carry scripts/);
    expect(uploadProblem({ size: 10, type: "text/html" }, types)).toBe(
      "The library does not take this kind of file (text/html).",
    );
    expect(uploadProblem({ size: 10, type: "" }, types)).toBeNull();
  });
});
