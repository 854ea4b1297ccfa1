import { test as base, expect, type ConsoleMessage, type Page } from "@playwright/test";

/**
 * The suite's `test`: every page of the test's browser context (the `page` fixture and any
 * page the test opens) is watched for console errors, uncaught exceptions and
 * Content-Security-Policy violations, and the test fails at teardown if any happened. A spec that expects some lists them with
 * `test.use({ allowedConsoleError: /…|…/ })` (one pattern: Playwright reads an array in
 * `test.use` as a fixture tuple).
 */
type Options = { allowedConsoleError: RegExp | undefined };

export const cspViolationPrefix = "[csp-violation]";

function describeConsole(message: ConsoleMessage): string {
  const { url, lineNumber } = message.location();
  return `console.${message.type()}: ${message.text()}${url ? ` (${url}:${lineNumber})` : ""}`;
}

/** Reports CSP violations to the console, where the guard below sees them. Runs at document-start. */
function reportCspViolations(prefix: string): void {
  document.addEventListener(
    "securitypolicyviolation",
    (event) => {
      console.error(
        `${prefix} ${event.effectiveDirective} blocked ${event.blockedURI || "(inline)"} in ${event.documentURI}`,
      );
    },
    true,
  );
}

export function watchPage(page: Page, problems: string[]): void {
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(describeConsole(message));
  });
  page.on("pageerror", (error) => problems.push(`uncaught ${error.name}: ${error.message}`));
}

export const test = base.extend<Options>({
  allowedConsoleError: [undefined, { option: true }],
  context: async ({ context, allowedConsoleError }, use, testInfo) => {
    // The e2e server trusts its "proxy" (TRUST_PROXY): each test signs in from its own
    // address, so the sign-in limits per network count one test, not the whole run.
    let hash = 0;
    for (const character of testInfo.testId) hash = (hash * 31 + character.charCodeAt(0)) >>> 0;
    await context.setExtraHTTPHeaders({
      "X-Forwarded-For": `198.18.${(hash >>> 8) % 256}.${(hash % 254) + 1}`,
    });
    const problems: string[] = [];
    context.on("page", (page) => watchPage(page, problems));
    await context.addInitScript(reportCspViolations, cspViolationPrefix);
    await use(context);
    const unexpected = problems.filter((problem) => !allowedConsoleError?.test(problem));
    expect(unexpected, "console errors, uncaught exceptions or CSP violations on the page").toEqual([]);
  },
});

export { expect };
