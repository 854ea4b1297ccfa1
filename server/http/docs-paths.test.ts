import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAuthHarness, type AuthHarness } from "../../tests/support/auth-harness.ts";
import { domainContext, systemAdmin } from "../../tests/support/domain.ts";
import { signInAs, type SignedInPerson } from "../../tests/support/graphql.ts";
import { createDoc, publishDoc } from "../domain/docs/index.ts";

/**
 * Every address under /docs, however it is written, answers 200, one permanent redirect
 * to the site's own spelling, or the spec's 404: never a fault of the server and never a
 * loop (issue 35: full-width letters, NUL and € answered 500, and `a%20b` looped).
 */
describe("addresses under /docs, for a signed-in reader", () => {
  let harness: AuthHarness;
  let reader: SignedInPerson;

  beforeAll(async () => {
    harness = await startAuthHarness("pglite");
    reader = await signInAs(harness, "viewer", "docs-paths");
    const context = domainContext(harness.database.db, systemAdmin);
    const top = await createDoc(context, { title: "Calibration", slug: "calibration", body: "The daily check." });
    await publishDoc(context, { id: top.id, version: top.version });
    const page = await createDoc(context, {
      title: "Daily phantom check",
      slug: "daily-phantom-check",
      parentId: top.id,
      body: "## Steps\n\nRun it.",
    });
    await publishDoc(context, { id: page.id, version: page.version });
  });
  afterAll(() => harness.close());

  /** The answer to an address as the browser sends it, and where a redirect leads and what is there. */
  async function answer(path: string) {
    const first = await reader.browser.fetch(path);
    await first.body?.cancel();
    const location = first.headers.get("location");
    if (first.status !== 301 || !location) return { status: first.status, location: null, then: null };
    const second = await reader.browser.fetch(location);
    await second.body?.cancel();
    return { status: first.status, location, then: second.status };
  }

  it.each([
    ["/docs/calibration", 200],
    ["/docs/calibration/daily-phantom-check", 200],
    ["/docs/a%20b", 404],
    ["/docs/%E2%82%AC", 404],
    ["/docs/calibration%00", 404],
    ["/docs/%00", 404],
    // A browser resolves an escaped ".." itself and asks for /docs/, which moves to /docs.
    ["/docs/calibration/%2E%2E", 301],
    ["/docs/%2F%2Fevil.example", 404],
    ["/docs/calibration%2Fdaily-phantom-check", 301],
    ["/docs/%EF%BD%87etting-started", 301],
    ["/docs/Calibration", 301],
    ["/docs/%63alibration", 301],
    ["/docs/calibration//daily-phantom-check", 301],
    ["/docs/no/such/page", 404],
    ["/docs/%F0%9F%98%80", 404],
    [`/docs/${"a".repeat(300)}`, 404],
    ["/docs/calibration.md", 200],
    ["/docs/%E2%82%AC.md", 404],
  ])("%s answers %i", async (path, status) => {
    const got = await answer(path);
    expect(got.status).toBe(status);
    if (status === 301) {
      // Once, to an ASCII address of the site's own spelling, which answers without moving again.
      expect(got.location).toMatch(/^\/docs(\/[a-z0-9-]+)*$/);
      expect([200, 404]).toContain(got.then);
    }
  });

  it("sends another spelling of a doc to the doc itself", async () => {
    expect(await answer("/docs/CALIBRATION/Daily-Phantom-Check")).toEqual({
      status: 301,
      location: "/docs/calibration/daily-phantom-check",
      then: 200,
    });
  });
});
