import { describe, expect, it } from "vitest";
import { planSearch } from "./search-plan.ts";
import {
  codeOf,
  correctionOf,
  editDistance,
  lexiconQuestions,
  synonymIndex,
  synonymSpans,
  tokenize,
  type LexiconAnswers,
} from "./search-query.ts";

/** What the lexicon would answer: the demo docs' words, as far as these tests need them. */
function lexicon(answers: Partial<LexiconAnswers> = {}): LexiconAnswers {
  return { known: new Set(), near: new Map(), joined: new Map(), words: new Set(), ...answers };
}

const plan = (query: string, answers = lexicon(), groups: string[][] = []) => {
  const tokens = tokenize(query);
  return planSearch(tokens, synonymSpans(tokens, synonymIndex(groups)), answers);
};

describe("reading a search", () => {
  it("finds a code in every way it is typed", () => {
    for (const typed of ["E-204", "E204", "e204", "e-204"]) {
      expect(codeOf(tokenize(typed)[0]?.word ?? ""), typed).toEqual({ letters: "E", digits: "204", prefix: false });
    }
    expect(codeOf("204")).toEqual({ letters: null, digits: "204", prefix: false });
    // Begun: every code it starts.
    expect(codeOf("e-2")).toEqual({ letters: "E", digits: "2", prefix: true });
    for (const word of ["20", "wifi", "sha-256", "12345", "abc123"]) expect(codeOf(word), word).toBeNull();
  });

  it("keeps hyphens inside words and version numbers whole, and stops at eight words", () => {
    expect(tokenize("Wi-Fi, re-calibrate 5.2.1!").map((token) => token.word)).toEqual([
      "wi-fi",
      "re-calibrate",
      "5.2.1",
    ]);
    expect(tokenize("a b c d e f g h i j")).toHaveLength(8);
    expect(tokenize(" -- ,, ")).toEqual([]);
  });

  it("matches the longest synonym term from each word, whatever its hyphens and spaces", () => {
    const groups = synonymIndex([
      ["QC", "quality control", "daily check"],
      ["Wi-Fi", "wireless"],
    ]);
    const spans = synonymSpans(tokenize("quality-control of wifi"), groups);
    expect(spans.map(({ start, length }) => [start, length])).toEqual([
      [0, 1],
      [2, 1],
    ]);
    expect(synonymSpans(tokenize("daily check"), groups)).toEqual([
      { start: 0, length: 2, group: ["QC", "quality control", "daily check"] },
    ]);
    // A code is never part of a term.
    expect(synonymSpans(tokenize("E-204"), synonymIndex([["e204", "export"]]))).toEqual([]);
  });

  it("asks the lexicon about the typed words, pairs run together and the halves of a word", () => {
    const tokens = tokenize("foot plate E-204");
    expect(lexiconQuestions(tokens, [])).toEqual({
      check: ["foot", "plate"],
      joins: ["foot", "footplate", "plate"],
      halves: [],
    });
    expect(lexiconQuestions(tokenize("footplate"), []).halves).toEqual([
      "foo",
      "tplate",
      "foot",
      "plate",
      "footp",
      "late",
      "footpl",
      "ate",
    ]);
  });
});

describe("mistyped words", () => {
  it("counts edits, a swap of neighbours as one", () => {
    expect(editDistance("phantm", "phantom")).toBe(1);
    expect(editDistance("chekcsum", "checksum")).toBe(1);
    expect(editDistance("calbration", "calibration")).toBe(1);
    expect(editDistance("couplng", "coupling")).toBe(1);
    expect(editDistance("export", "import")).toBe(2);
    expect(editDistance("", "abc")).toBe(3);
  });

  it("corrects within one edit for a short word and two for a longer one, preferring the word more docs hold", () => {
    const near = (...words: [string, number][]) => words.map(([word, docs]) => ({ word, docs }));
    expect(correctionOf("chek", near(["chen", 1], ["check", 14]))).toBe("check");
    expect(correctionOf("calbraton", near(["calibration", 9]))).toBe("calibration");
    expect(correctionOf("clbraton", near(["calibration", 9]))).toBeUndefined();
    expect(correctionOf("fot", near(["foot", 4]))).toBeUndefined();
    expect(correctionOf("sensr", near(["sensors", 3]))).toBeUndefined();
  });
});

describe("the search as to_tsquery text", () => {
  it("matches each word as the start of a word, all of them", () => {
    expect(plan("calib phant")).toMatchObject({
      match: "calib:* & phant:*",
      title: "calib:*A & phant:*A",
      rest: null,
      codes: [],
      correction: null,
    });
  });

  it("writes a hyphenated word joined and as a phrase, and finds the hyphens a joined word stands for", () => {
    const answers = lexicon({ joined: new Map([["wifi", ["wifi", "wi-fi"]]]) });
    const forms = ["Wi-Fi", "wifi", "WiFi", "wi fi"].map((query) => plan(query, answers).match);
    expect(forms[0]).toBe("(wifi:* | (wi <-> fi))");
    expect(forms[1]).toBe("(wifi:* | (wi <-> fi))");
    expect(forms[2]).toBe(forms[1]);
    expect(forms[3]).toBe("(wifi | (wi <-> fi))");
    // Two words the docs never write as one stay two words, each anywhere.
    expect(plan("network export", answers).match).toBe("network:* & export:*");
  });

  it("tries an unknown word as two words of the docs before correcting it", () => {
    const answers = lexicon({ words: new Set(["foot", "plate"]) });
    expect(plan("footplate", answers).match).toBe("(footplate:* | (foot <-> plate))");
  });

  it("replaces a mistyped word by its correction, and says the search as it ran", () => {
    const answers = lexicon({
      known: new Set(["check"]),
      near: new Map([["phantm", [{ word: "phantom", docs: 8 }]]]),
    });
    expect(plan("Phantm check", answers)).toMatchObject({ match: "phantom & check:*", correction: "phantom check" });
    // A word the lexicon knows is never corrected.
    expect(plan("check", answers).correction).toBeNull();
  });

  it("widens a synonym term to its group, phrases for terms of several words", () => {
    const groups = [["QC", "quality control", "daily check"]];
    expect(plan("qc", lexicon(), groups).match).toBe("(qc:* | (quality <-> control) | (daily <-> check))");
    expect(plan("quality control", lexicon(), groups).match).toBe("(qc | (quality <-> control) | (daily <-> check))");
  });

  it("asks a doc found by its code to hold only the words that are not about codes", () => {
    expect(plan("error code 204")).toMatchObject({
      codes: [{ letters: null, digits: "204", prefix: false }],
      rest: null,
      match: "error:* & code:* & 204:*",
    });
    expect(plan("E-204 printer")).toMatchObject({ rest: "printer:*", match: "e204:* & printer:*" });
  });

  it("lets nothing typed be read as a to_tsquery operator", () => {
    const { match } = plan("a:* & !b | (c) <-> 'd'");
    expect(match).toBe("a:* & b:* & c:* & d:*");
  });
});
