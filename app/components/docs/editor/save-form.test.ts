import { describe, expect, it } from "vitest";
import { saveForm, type SaveRequest } from "./save-form.ts";

const fields = {
  title: "Daily phantom check",
  slug: "daily-phantom-check",
  parentId: "",
  position: " 3 ",
  description: "Before the first patient.",
  products: "v4,v5",
  counterpartId: "",
};

const request = (change: Partial<SaveRequest> = {}): SaveRequest => ({
  csrf: "token",
  docId: "doc-1",
  version: 7,
  revision: 4,
  fields,
  body: "# Steps\n\n1. Scan the phantom.",
  base: { ...fields, title: "Phantom check", products: "v5", parentId: "parent-1", body: "" },
  publish: false,
  ...change,
});

describe("the editor's save form", () => {
  it("sends a page's version, revision and starting fields, and the product generations one field each", () => {
    const form = saveForm(request());
    expect(form.get("intent")).toBe("save");
    expect(form.get("id")).toBe("doc-1");
    expect(form.get("version")).toBe("7");
    expect(form.get("baseRevision")).toBe("4");
    expect(form.get("base.title")).toBe("Phantom check");
    expect(form.get("base.parentId")).toBe("parent-1");
    expect(form.getAll("base.products")).toEqual(["v5"]);
    expect(form.getAll("products")).toEqual(["v4", "v5"]);
    expect(form.get("body")).toBe("# Steps\n\n1. Scan the phantom.");
    expect(form.has("publish")).toBe(false);
  });

  it("creates a new page without an id or a base, and leaves empty optional fields out", () => {
    const form = saveForm(request({ docId: null }));
    expect(form.get("intent")).toBe("create");
    for (const name of ["id", "version", "baseRevision", "base.title", "base.products", "parentId", "counterpartId"])
      expect(form.has(name), name).toBe(false);
    expect(form.get("position")).toBe("3");
  });

  it("asks to publish only when told, and leaves a blank position out", () => {
    const form = saveForm(request({ publish: true, fields: { ...fields, position: "  ", parentId: "parent-2" } }));
    expect(form.get("publish")).toBe("true");
    expect(form.has("position")).toBe(false);
    expect(form.get("parentId")).toBe("parent-2");
  });
});
