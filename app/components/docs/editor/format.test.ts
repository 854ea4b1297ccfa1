import { EditorSelection, EditorState } from "@codemirror/state";
import { describe, expect, it } from "vitest";
import {
  bold,
  bulletList,
  callout,
  codeBlock,
  formatFor,
  headingLine,
  inlineCode,
  insertLink,
  italic,
  numberedList,
  quote,
  table,
  taskList,
  type Format,
} from "./format.ts";
import { imageMarkdown } from "./tools.ts";

/**
 * Documents are written with their selection marked: `‸` is the caret, `«` and `»` the
 * ends of a selection (anchor first, so `»…«` is a selection made backwards).
 */
function stateOf(marked: string): EditorState {
  const caret = marked.indexOf("‸");
  if (caret >= 0) return EditorState.create({ doc: marked.replace("‸", ""), selection: EditorSelection.cursor(caret) });
  const open = marked.indexOf("«");
  const close = marked.indexOf("»");
  const doc = marked.replace(/[«»]/g, "");
  const [anchor, head] = open < close ? [open, close - 1] : [open - 1, close];
  return EditorState.create({ doc, selection: EditorSelection.single(anchor, head) });
}

function marked(state: EditorState): string {
  const { anchor, head, empty } = state.selection.main;
  const doc = state.doc.toString();
  if (empty) return `${doc.slice(0, head)}‸${doc.slice(head)}`;
  const [from, to] = anchor < head ? ["«", "»"] : ["»", "«"];
  const [start, end] = [Math.min(anchor, head), Math.max(anchor, head)];
  return `${doc.slice(0, start)}${from}${doc.slice(start, end)}${to}${doc.slice(end)}`;
}

/** The document after `format`, its selection marked. */
function run(text: string, format: Format): string {
  const state = stateOf(text);
  return marked(state.update(format(state)).state);
}

/** The document after `format` and then typing `words` (over the selection, as a person does). */
function typed(text: string, format: Format, words: string): string {
  const state = stateOf(text);
  const formatted = state.update(format(state)).state;
  return marked(formatted.update(formatted.replaceSelection(words)).state);
}

describe("line tools", () => {
  const lineTools = [
    ["heading", headingLine, "## "],
    ["bulleted list", bulletList, "- "],
    ["numbered list", numberedList, "1. "],
    ["checklist", taskList, "- [ ] "],
    ["quote", quote, "> "],
  ] as const;

  describe.each(lineTools)("%s", (_name, format, marker) => {
    it("on an empty line: the caret ends after the marker, so typing goes into it", () => {
      expect(run("‸", format)).toBe(`${marker}‸`);
      expect(typed("‸", format, "Daily check")).toBe(`${marker}Daily check‸`);
      expect(typed("Before\n‸\nAfter", format, "Daily check")).toBe(`Before\n${marker}Daily check‸\nAfter`);
    });

    it("with the caret at a line's start, the caret stays before the line's words", () => {
      expect(run("‸Daily check", format)).toBe(`${marker}‸Daily check`);
    });

    it("with the caret inside a line's words, it stays where it was in them", () => {
      expect(run("Daily‸ check", format)).toBe(`${marker}Daily‸ check`);
      expect(run(`${marker}Daily‸ check`, format)).toBe("Daily‸ check");
    });

    it("on lines selected, marks each, keeps the same words selected, and takes the marks off again", () => {
      const on = run("«Power on\nWait\nScan»", format);
      const markers = format === numberedList ? ["1. ", "2. ", "3. "] : [marker, marker, marker];
      expect(on).toBe(`${markers[0]}«Power on\n${markers[1]}Wait\n${markers[2]}Scan»`);
      expect(run(on, format)).toBe("«Power on\nWait\nScan»");
    });

    it("leaves blank lines between the selected ones blank, and a selection made backwards stays so", () => {
      const second = format === numberedList ? "2. " : marker;
      expect(run("»Power on\n\nScan«", format)).toBe(`${marker}»Power on\n\n${second}Scan«`);
    });

    it("does not reach into the line a selection ends at the start of", () => {
      expect(run("«Power on\n»Wait", format)).toBe(`${marker}«Power on\n»Wait`);
    });
  });

  it("marks only the lines without the marker when some have it, and counts a numbered list again", () => {
    expect(run("«- Power on\nWait»", bulletList)).toBe("«- Power on\n- Wait»");
    expect(run("Power «on\n3. Wait»", numberedList)).toBe("1. Power «on\n2. Wait»");
  });

  it("changes one kind of marker into another", () => {
    expect(run("#### Daily‸ check", headingLine)).toBe("## Daily‸ check");
    // A selection that took in the old marker takes in the new one.
    expect(run("«- Power on\n- Wait»", numberedList)).toBe("«1. Power on\n2. Wait»");
    expect(run("1. Power «on\n2. Wait»", bulletList)).toBe("- Power «on\n- Wait»");
    expect(run("- Clean the ‸cradle", taskList)).toBe("- [ ] Clean the ‸cradle");
    expect(run("- [x] Clean the ‸cradle", bulletList)).toBe("- Clean the ‸cradle");
  });

  it("takes a checked item off the checklist like an unchecked one", () => {
    expect(run("«- [x] Power on\n- [ ] Wait»", taskList)).toBe("«Power on\nWait»");
  });
});

describe("wrap tools", () => {
  const wrapTools = [
    ["bold", bold, "**", "bold text"],
    ["italic", italic, "_", "italic text"],
    ["inline code", inlineCode, "`", "code"],
  ] as const;

  describe.each(wrapTools)("%s", (_name, format, mark, placeholder) => {
    it("on an empty selection: a placeholder, selected to type over", () => {
      expect(run("Check ‸ daily.", format)).toBe(`Check ${mark}«${placeholder}»${mark} daily.`);
      expect(typed("Check ‸ daily.", format, "the phantom")).toBe(`Check ${mark}the phantom‸${mark} daily.`);
    });

    it("on a selection: wraps it, keeps it selected, and unwraps it again", () => {
      const on = run("Check the «phantom» daily.", format);
      expect(on).toBe(`Check the ${mark}«phantom»${mark} daily.`);
      expect(run(on, format)).toBe("Check the «phantom» daily.");
    });

    it("unwraps a selection that takes in the marks", () => {
      expect(run(`Check the «${mark}phantom${mark}» daily.`, format)).toBe("Check the «phantom» daily.");
    });
  });

  it("link: on an empty selection the word text, with the address selected to type over", () => {
    expect(run("See ‸", insertLink)).toBe("See [text](«https://»)");
    expect(typed("See ‸", insertLink, "/docs/calibration")).toBe("See [text](/docs/calibration‸)");
  });

  it("link: on a selection, around it, with the address selected", () => {
    expect(run("See the «manual»", insertLink)).toBe("See the [manual](«https://»)");
  });
});

describe("block tools", () => {
  it("a code block in the chosen language takes an empty line, its placeholder selected", () => {
    expect(run("‸", codeBlock("python"))).toBe("```python\n«code»\n```\n");
    expect(typed("Intro\n‸\nMore", codeBlock("bash"), "ls")).toBe("Intro\n\n```bash\nls‸\n```\n\nMore");
  });

  it("a code block goes below the line the caret is in, never splitting it", () => {
    expect(run("Run th‸is", codeBlock("text"))).toBe("Run this\n\n```text\n«code»\n```\n");
  });

  it("a code block around selected lines keeps them as its code, selected", () => {
    expect(run("Run:\n«ls -l\npwd»\nDone", codeBlock("bash"))).toBe("Run:\n\n```bash\n«ls -l\npwd»\n```\n\nDone");
    expect(run("«```\nx\n```»", codeBlock("text"))).toBe("````text\n«```\nx\n```»\n````\n");
  });

  it("a callout of the chosen kind, its words selected; around a selection it quotes every line", () => {
    expect(run("Before‸", callout("warning"))).toBe("Before\n\n> [!WARNING]\n> «Something the reader should know.»\n");
    expect(typed("‸", callout("tip"), "Warm it up first.")).toBe("> [!TIP]\n> Warm it up first.‸\n");
    expect(run("«Unplug it.\nWait.»", callout("caution"))).toBe("> [!CAUTION]\n> «Unplug it.\n> Wait.»\n");
  });

  it("a table with its first cell selected; a selection stays and the table goes below it", () => {
    expect(run("‸", table)).toBe("| Step | What to do |\n| ---- | ---------- |\n| 1    | «First step» |\n");
    expect(run("«Steps»", table)).toBe(
      "Steps\n\n| Step | What to do |\n| ---- | ---------- |\n| 1    | «First step» |\n",
    );
  });

  it("answers each request of the toolbar with its command", () => {
    expect(run("‸", formatFor({ block: "code", language: "json" }))).toBe("```json\n«code»\n```\n");
    expect(run("‸", formatFor({ block: "callout", kind: "note" }))).toBe(
      "> [!NOTE]\n> «Something the reader should know.»\n",
    );
    expect(run("‸", formatFor("quote"))).toBe("> ‸");
  });
});

it("writes a library image whose alt text cannot break out of the markdown", () => {
  expect(imageMarkdown("0f8fad5b-d9cb-469f-a165-70867728950e", "The [cradle]\nfrom above")).toBe(
    "![The  cradle  from above](/media/0f8fad5b-d9cb-469f-a165-70867728950e)",
  );
});
