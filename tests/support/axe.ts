import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

const wcagTags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/**
 * Runs axe with the WCAG 2.2 AA tags and fails (softly, so a page checked in several
 * states reports every state) with a readable list of every violation and node.
 */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  await expectClean(page, new AxeBuilder({ page }).withTags(wcagTags));
}

/**
 * Runs only the named rules, such as the best-practice "region" (all content inside a
 * landmark), which the WCAG tags leave out; fails softly as above.
 */
export async function expectAxeRulesPass(page: Page, rules: string[]): Promise<void> {
  await expectClean(page, new AxeBuilder({ page }).withRules(rules));
}

async function expectClean(page: Page, builder: AxeBuilder): Promise<void> {
  // Without iframes, axe's legacy mode gives the same results in about half the time:
  // it runs in the page instead of opening a helper page to merge per-frame results.
  const { violations } = await builder.setLegacyMode(page.frames().length === 1).analyze();
  const readable = violations.map(
    (violation) =>
      `${violation.id} (${violation.impact ?? "n/a"}): ${violation.help}\n` +
      violation.nodes.map((node) => `    ${node.target.join(" ")}: ${node.failureSummary ?? ""}`).join("\n"),
  );
  expect.soft(readable, `axe violations on ${page.url()}`).toEqual([]);
}
