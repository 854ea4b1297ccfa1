import { describe, expect, it, vi } from "vitest";
import { checkNavigation, navigateTo, NavigationError } from "./safe-navigation.ts";

const origin = "https://www.densara.example";

function refusal(to: string, options: { external?: boolean } = {}) {
  try {
    checkNavigation(to, origin, options);
  } catch (error) {
    if (error instanceof NavigationError) return { reason: error.reason, message: error.message };
    throw error;
  }
  return undefined;
}

describe("checkNavigation (spec §8)", () => {
  it.each([
    ["/dashboard", "/dashboard"],
    ["docs/x?y=1#z", "/docs/x?y=1#z"],
    [`${origin}/products/v5`, "/products/v5"],
  ])("lets %j stay on the site", (to, path) => {
    const url = checkNavigation(to, origin);
    expect(`${url.pathname}${url.search}${url.hash}`).toBe(path);
  });

  it.each([
    "javascript:alert(1)",
    "JavaScript:alert(1)",
    " javascript:alert(1)",
    "java\tscript:alert(1)",
    "java\nscript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "vbscript:msgbox(1)",
    "file:///etc/passwd",
    "blob:https://www.densara.example/1",
  ])("refuses the disallowed protocol of %j, even with external allowed", (to) => {
    expect(refusal(to)?.reason).toBe("protocol");
    expect(refusal(to, { external: true })?.reason).toBe("protocol");
    expect(refusal(to)?.message).toMatch(/is not allowed/);
  });

  it.each([
    "https://evil.example/",
    "//evil.example/x",
    "/\\evil.example",
    "\\\\evil.example",
    "http://www.densara.example/",
  ])("refuses %j as another site unless allowed", (to) => {
    expect(refusal(to)?.reason).toBe("external");
    expect(refusal(to, { external: true })).toBeUndefined();
  });

  it("names the other site without its control characters", () => {
    expect(refusal("https://evil.example/\u202Eexe.txt")?.message).toContain("(evil.example)");
    expect(refusal("mailto:sales@densara.example")?.reason).toBe("external");
    expect(refusal("mailto:sales@densara.example", { external: true })).toBeUndefined();
  });

  it("refuses what is no address at all", () => {
    expect(refusal("http://[::1")?.reason).toBe("invalid");
  });
});

describe("navigateTo", () => {
  function page() {
    return { origin, assign: vi.fn<(url: string) => void>() };
  }

  it("goes by the router inside the site and by a document load when told to leave", () => {
    const location = page();
    const go = vi.fn<(path: string) => void>();
    const report = vi.fn<(message: string) => void>();
    expect(navigateTo(`${origin}/docs/a?b=1`, { go, report, location })).toBe(true);
    expect(go).toHaveBeenCalledWith("/docs/a?b=1");
    expect(navigateTo("https://partner.example/x", { external: true, go, report, location })).toBe(true);
    expect(location.assign).toHaveBeenCalledWith("https://partner.example/x");
    expect(report).not.toHaveBeenCalled();
  });

  it("tells the person and logs the error instead of going", () => {
    const location = page();
    const go = vi.fn<(path: string) => void>();
    const report = vi.fn<(message: string) => void>();
    const log = { error: vi.fn<(error: unknown) => void>() };
    expect(navigateTo("javascript:alert(1)", { go, report, location, console: log })).toBe(false);
    expect(navigateTo("https://evil.example/", { go, report, location, console: log })).toBe(false);
    expect(go).not.toHaveBeenCalled();
    expect(location.assign).not.toHaveBeenCalled();
    expect(report.mock.calls.map(([message]) => message)).toEqual([
      expect.stringMatching(/“javascript:” address is not allowed/),
      expect.stringMatching(/another site \(evil\.example\)/),
    ]);
    expect(log.error).toHaveBeenCalledTimes(2);
    expect(log.error.mock.calls[0]?.[0]).toBeInstanceOf(NavigationError);
  });
});
