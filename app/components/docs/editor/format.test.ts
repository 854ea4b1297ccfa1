import { EditorSelection, EditorState } from "@codemirror/state";
import { describe, expect, it } from "vitest";
import { bold, bulletList, callout, headingLine, insertLink, numberedList, taskList, type Format } from "./format.ts";
import { imageMarkdown } from "./tools.ts";

function stateWith(doc: string, from: number, to = from) {
  return EditorState.create({ doc, selection: EditorSelection.single(from, to) });
}

function apply(state: EditorState, format: Format) {
  const next = state.update(format(state)).state;
  const { from, to } = next.selection.main;
  return { doc: next.doc.toString(), selected: next.sliceDoc(from, to) };
}

describe("editor formatting", () => {
  it("makes the selection bold, and plain again", () => {
    const once = stateWith("Check the phantom daily.", 10, 17);
    const boldened = once.update(bold(once)).state;
    expect(boldened.doc.toString()).toBe("Check the **phantom** daily.");
    expect(boldened.sliceDoc(boldened.selection.main.from, boldened.selection.main.to)).toBe("phantom");
    expect(apply(boldened, bold).doc).toBe("Check the phantom daily.");
  });

  it("puts a placeholder in an empty selection, selected to type over", () => {
    expect(apply(stateWith("", 0), bold)).toEqual({ doc: "**bold text**", selected: "bold text" });
  });

  it("turns lines into a list, a numbered list and back", () => {
    const lines = stateWith("Power on\nWait\nScan", 0, 18);
    expect(apply(lines, bulletList).doc).toBe("- Power on\n- Wait\n- Scan");
    expect(apply(lines, numberedList).doc).toBe("1. Power on\n2. Wait\n3. Scan");
    const listed = lines.update(bulletList(lines)).state;
    const all = listed.update({ selection: EditorSelection.single(0, listed.doc.length) }).state;
    expect(apply(all, bulletList).doc).toBe("Power on\nWait\nScan");
  });

  it("turns a bullet into a task, and a heading of any level into a section", () => {
    expect(apply(stateWith("- Clean the cradle", 3), taskList).doc).toBe("- [ ] Clean the cradle");
    expect(apply(stateWith("#### Daily check", 5), headingLine).doc).toBe("## Daily check");
  });

  it("inserts a link with its address selected", () => {
    expect(apply(stateWith("See the manual", 8, 14), insertLink)).toEqual({
      doc: "See the [manual](https://)",
      selected: "https://",
    });
  });

  it("puts a callout on lines of its own, its words selected", () => {
    const result = apply(stateWith("Before", 6), callout);
    expect(result.doc).toBe("Before\n\n> [!NOTE]\n> Something the reader should know.\n");
    expect(result.selected).toBe("Something the reader should know.");
  });

  it("writes a library image whose alt text cannot break out of the markdown", () => {
    expect(imageMarkdown("0f8fad5b-d9cb-469f-a165-70867728950e", "The [cradle]\nfrom above")).toBe(
      "![The  cradle  from above](/media/0f8fad5b-d9cb-469f-a165-70867728950e)",
    );
  });
});
