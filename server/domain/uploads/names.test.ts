import { describe, expect, it } from "vitest";
import { nameForType } from "./names.ts";

describe("a file's name follows the type its bytes are", () => {
  it("keeps a name that already ends in the type's extension, in any case or common spelling", () => {
    expect(nameForType("Service manual.PDF", "pdf")).toBe("Service manual.PDF");
    expect(nameForType("scan.jpeg", "jpg")).toBe("scan.jpeg");
    expect(nameForType("firmware-5.2.tgz", "gz")).toBe("firmware-5.2.tgz");
    expect(nameForType("firmware-5.2.tar.gz", "gz")).toBe("firmware-5.2.tar.gz");
  });

  it("adds the type's extension to a name that claims another type, or none", () => {
    expect(nameForType("x.html", "pdf")).toBe("x.html.pdf");
    expect(nameForType("notes.svg", "png")).toBe("notes.svg.png");
    expect(nameForType("setup.exe", "zip")).toBe("setup.exe.zip");
    expect(nameForType("firmware", "xz")).toBe("firmware.xz");
    // A leading dot is a hidden file's name, not an extension.
    expect(nameForType(".pdf", "pdf")).toBe(".pdf.pdf");
  });

  it("swaps the original's extension for a size made in another format", () => {
    expect(nameForType("logo.png", "webp", "png")).toBe("logo.webp");
    expect(nameForType("Site photo.JPEG", "avif", "jpg")).toBe("Site photo.avif");
    // A name that never ended as the original did still gains the extension.
    expect(nameForType("logo", "webp", "png")).toBe("logo.webp");
    expect(nameForType("logo.html", "webp", "png")).toBe("logo.html.webp");
  });
});
