import { describe, expect, it } from "vitest";
import { acceptAttribute, fileProblem, formatBytes, typeNames, type FileRule } from "./file-choice.ts";

const pictures: FileRule = {
  noun: "picture",
  types: [
    { mime: "image/jpeg", label: "JPEG" },
    { mime: "image/png", label: "PNG" },
    { mime: "image/webp", label: "WebP" },
  ],
  maxBytes: 5 * 1024 * 1024,
};

describe("file choice", () => {
  it("names the types as a sentence and offers them to the browser's picker", () => {
    expect(typeNames(pictures)).toBe("JPEG, PNG or WebP");
    expect(typeNames({ ...pictures, types: pictures.types.slice(0, 1) })).toBe("JPEG");
    expect(acceptAttribute(pictures)).toBe("image/jpeg,image/png,image/webp");
  });

  it("writes sizes as people read them", () => {
    expect(formatBytes(1)).toBe("1 byte");
    expect(formatBytes(812)).toBe("812 bytes");
    expect(formatBytes(1024)).toBe("1 KB");
    expect(formatBytes(43_200)).toBe("42 KB");
    expect(formatBytes(5 * 1024 * 1024)).toBe("5 MB");
    expect(formatBytes(5_033_165)).toBe("4.8 MB");
    expect(formatBytes(3 * 1024 ** 3)).toBe("3 GB");
    expect(formatBytes(2048 * 1024 ** 3)).toBe("2048 GB");
  });

  it("lets through a file of a listed type within the limit, and one whose name gives no type", () => {
    expect(fileProblem({ size: 1000, type: "image/png" }, pictures)).toBeNull();
    expect(fileProblem({ size: pictures.maxBytes, type: "image/jpeg" }, pictures)).toBeNull();
    expect(fileProblem({ size: 1000, type: "" }, pictures)).toBeNull();
  });

  it("says what is wrong with an empty file, one of another type and one over the limit", () => {
    expect(fileProblem({ size: 0, type: "image/png" }, pictures)).toBe(
      "That file is empty: choose a picture with something in it.",
    );
    expect(fileProblem({ size: 1000, type: "application/pdf" }, pictures)).toBe(
      "That file is not a JPEG, PNG or WebP file: choose one that is.",
    );
    expect(fileProblem({ size: pictures.maxBytes + 1, type: "image/png" }, pictures)).toBe(
      "That picture is larger than 5 MB: choose a smaller one.",
    );
  });
});
