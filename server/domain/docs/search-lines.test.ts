import { describe, expect, it } from "vitest";
import { around, codeMentions } from "./search-lines.ts";
import { lexiconWords, markCode } from "./search-words.ts";

const table = `## Network, export and printing

| Code  | Message on screen           | What to do                                   |
| ----- | --------------------------- | -------------------------------------------- |
| E-201 | No network connection       | Check the cable or the [Wi-Fi](/docs/wifi).  |
| E-204 | Export target not reachable | Records wait in the queue. See **E-201**.    |
`;

describe("the words and codes a published doc gives the search", () => {
  it("keeps words with a letter, hyphenated ones whole and in parts, and leaves numbers and codes out", () => {
    expect(lexiconWords("Connect by Wi-Fi: E-204 in 5.2.1, SHA-256 checks a x")).toEqual([
      "by",
      "checks",
      "connect",
      "fi",
      "in",
      "sha",
      "sha-256",
      "wi",
      "wi-fi",
    ]);
  });

  it("finds each code once, with the table row that lists it as text, under its heading", () => {
    const headings = [{ id: "network-export-and-printing", text: "Network, export and printing", depth: 2 }];
    expect(codeMentions(table, headings)).toEqual([
      {
        code: "E201",
        digits: "201",
        defines: true,
        line: "E-201 · No network connection · Check the cable or the Wi-Fi.",
        headingId: "network-export-and-printing",
      },
      {
        code: "E204",
        digits: "204",
        defines: true,
        line: "E-204 · Export target not reachable · Records wait in the queue. See E-201.",
        headingId: "network-export-and-printing",
      },
    ]);
  });

  it("takes a line that lists a code over an earlier one that only mentions it, and finds codes in code blocks", () => {
    const markdown =
      'Write down any code, such as **E204**.\n\n- E204: the export target is not reachable.\n\n```bash\ngrep "E-309" error-log.csv\n```';
    expect(codeMentions(markdown).map(({ code, defines, line }) => [code, defines, line])).toEqual([
      ["E204", true, "E204: the export target is not reachable."],
      ["E309", false, 'grep "E-309" error-log.csv'],
    ]);
    expect(codeMentions("SHA-256, AES-128, E-1xx, ISO 13485, v5 and 5.2.0 are no codes.")).toEqual([]);
  });

  it("shortens a long line around the code", () => {
    const words = Array.from({ length: 60 }, (_, at) => `w${at}`);
    const line = [...words.slice(0, 30), "E-204", ...words.slice(30)].join(" ");
    const short = around(line, line.indexOf("E-204"));
    expect(short.startsWith("… w20 ")).toBe(true);
    expect(short.endsWith(" w52 …")).toBe(true);
    expect(short).toContain("w29 E-204 w30");
  });

  it("marks every way a code is written in a line", () => {
    expect(markCode("E-204, E204 and 204; not E-2041", { letters: "E", digits: "204", prefix: false })).toBe(
      "\u0001E-204\u0002, \u0001E204\u0002 and 204; not E-2041",
    );
    expect(markCode("E-204 or F-204", { letters: null, digits: "204", prefix: false })).toBe(
      "\u0001E-204\u0002 or \u0001F-204\u0002",
    );
    expect(markCode("E-201, E-207, E-301", { letters: "E", digits: "2", prefix: true })).toBe(
      "\u0001E-201\u0002, \u0001E-207\u0002, E-301",
    );
  });
});
