import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { HeaderSessionContext, SessionControls, type HeaderSession } from "./header-session.tsx";

function render(session: HeaderSession, place: "desktop" | "mobile" = "desktop") {
  return renderToStaticMarkup(
    <HeaderSessionContext value={session}>
      <SessionControls path="/products/v5?tab=specs" place={place} />
    </HeaderSessionContext>,
  );
}

describe("SessionControls", () => {
  it("marks its state, so CSS shows one set of controls", () => {
    expect(render({ state: "unknown" })).toContain('data-session-state="unknown"');
    expect(render({ state: "signed-out" })).toContain('data-session-state="signed-out"');
    expect(render({ state: "signed-in", csrfToken: "abc" })).toContain('data-session-state="signed-in"');
  });

  it("signs in back to the exact page, query included", () => {
    expect(render({ state: "signed-out" })).toContain('href="/auth/login?returnTo=%2Fproducts%2Fv5%3Ftab%3Dspecs"');
  });

  it("opens the dashboard in a new tab and says so to screen readers", () => {
    const html = render({ state: "signed-in", csrfToken: "abc" });
    expect(html).toMatch(
      /<a href="\/dashboard" target="_blank" rel="noopener"[^>]*>Dashboard<span class="sr-only"> \(opens in a new tab\)<\/span><\/a>/,
    );
  });

  it("signs out with a POST form carrying the CSRF token only when it is known", () => {
    const signedIn = render({ state: "signed-in", csrfToken: "abc" });
    expect(signedIn).toMatch(/<form [^>]*action="\/auth\/logout" method="post"><input type="hidden" name="csrf"/);
    expect(signedIn).toMatch(/<input type="hidden" name="csrf" value="abc"\/>/);
    expect(render({ state: "unknown" })).toMatch(/<input type="hidden" name="csrf" value=""\/>/);
  });

  it("offers Docs to a signed-in reader in both places, and never to a signed-out one", () => {
    for (const place of ["desktop", "mobile"] as const) {
      expect(render({ state: "signed-in", csrfToken: "abc" }, place)).toMatch(
        /<a href="\/docs" data-when="signed-in"[^>]*>Docs<\/a>/,
      );
      expect(render({ state: "signed-in", csrfToken: "abc" }, place)).not.toMatch(
        /<a href="\/docs" data-when="signed-out"/,
      );
    }
  });
});
