import { afterAll, describe, expect, it } from "vitest";
import { renderDoc } from "./docs.ts";
import { createRenderPool, nestingDepth, nestingLimit, RenderRefusal } from "./pool.ts";
import { renderMarkdown } from "./render.ts";

/** A text that takes any renderer seconds of work: 200,000 characters of unmatched emphasis. */
const slow = "*a".repeat(100_000);

async function refusalOf(promise: Promise<unknown>): Promise<RenderRefusal> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof RenderRefusal) return error;
    throw error;
  }
  throw new Error("expected the pool to refuse the render");
}

describe("the render pool", () => {
  const pool = createRenderPool({ threads: 1 });
  afterAll(() => pool.close());

  it("lays out docs and release notes in a thread exactly as the renderer does", async () => {
    const markdown =
      "## Daily check\n\n| Code | Meaning |\n| --- | --- |\n| E-101 | *Phantom* check failed |\n\n```bash\necho ok\n```";
    expect(await pool.renderDoc(markdown)).toEqual(await renderDoc(markdown));
    expect(await pool.renderNotes(markdown)).toEqual(await renderMarkdown(markdown));
  });

  it("refuses text nested past the limit before it reaches a thread, saying how deep it goes", async () => {
    const refusal = await refusalOf(pool.renderDoc(`${">".repeat(5_000)} a`));
    expect(refusal.reason).toBe("deep");
    expect(refusal.message).toMatch(/5000 levels deep; a page may nest 48 at most/);
    expect((await refusalOf(pool.renderNotes(`${"> ".repeat(60)}a`))).reason).toBe("deep");
    expect(pool.stats().refused.deep).toBe(2);
  });

  it("refuses oversized text without laying it out", async () => {
    expect((await refusalOf(pool.renderDoc("a".repeat(1_000_001)))).reason).toBe("large");
  });
});

// Each refusal ends its thread and the next render waits for a new one (shiki loaded, the
// pipeline warmed): on a busy machine that takes a while, so these tests get room.
describe("the render pool's budget", { timeout: 120_000 }, () => {
  const pool = createRenderPool({ threads: 1, budgetMs: 100, queue: 1 });
  afterAll(() => pool.close());

  it("stops a render past its budget with a sentence, and lays out the next one", async () => {
    const refusal = await refusalOf(pool.renderDoc(slow));
    expect(refusal.reason).toBe("slow");
    expect(refusal.message).toMatch(/takes too long to lay out \(more than 0\.1 seconds of work\)/);
    expect((await pool.renderDoc("Still *here*.")).html).toBe("<p>Still <em>here</em>.</p>");
  });

  it("refuses renders beyond its queue at once, as busy, and answers every other", async () => {
    const outcomes = await Promise.allSettled(Array.from({ length: 5 }, () => pool.renderNotes(slow)));
    const reasons = outcomes.map((outcome) =>
      outcome.status === "rejected" && outcome.reason instanceof RenderRefusal ? outcome.reason.reason : "other",
    );
    // One thread and a queue of one: the rest are refused as they arrive; none is lost or left hanging.
    expect(reasons.filter((reason) => reason === "busy").length).toBeGreaterThanOrEqual(3);
    expect(reasons.every((reason) => reason === "busy" || reason === "slow")).toBe(true);
    expect(pool.stats()).toMatchObject({ running: 0, waiting: 0 });
  });
});

describe("nestingDepth", () => {
  it.each([
    ["plain words", "Just words.\n\nMore words.", 0],
    ["a list", "- one\n- two", 1],
    ["a list in a list", "- one\n  - two\n    - three", 3],
    ["a quote", "> quoted", 1],
    ["a quote of a list", "> - item\n>   - deeper", 3],
    ["quotes written together", ">>> three", 3],
    ["an ordered list", "1. one\n   1) inner", 2],
    ["indented code, which is no nesting", `${" ".repeat(80)}code`, 0],
    ["a dash inside words", "E-101 means the phantom check failed - see below", 0],
  ])("reads %s", (_name, markdown, depth) => {
    expect(nestingDepth(markdown)).toBe(depth);
  });

  it("counts deep quotes and lists past the limit", () => {
    expect(nestingDepth(`${">".repeat(nestingLimit + 1)} a`)).toBeGreaterThan(nestingLimit);
    const list = Array.from({ length: 60 }, (_, level) => `${"  ".repeat(level)}- ${level}`).join("\n");
    expect(nestingDepth(list)).toBeGreaterThan(nestingLimit);
  });
});
