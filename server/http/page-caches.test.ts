import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAuthHarness, type AuthHarness } from "../../tests/support/auth-harness.ts";
import { databaseKinds } from "../../tests/support/databases.ts";
import { signInAs, type SignedInPerson } from "../../tests/support/graphql.ts";
import { forgetNotices } from "../domain/settings/index.ts";

/** What differs between two answers to the same request by design: the CSP nonce and the moment of the answer. */
function comparable(html: string): string {
  return html
    .replaceAll(/nonce="[^"]+"/g, 'nonce=""')
    .replaceAll(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/g, "(now)")
    .replaceAll(/\\"now\\",\\"[^"\\]+\\"/g, '\\"now\\",\\"(now)\\"');
}

/**
 * The server keeps a few things between requests (the site's notices under their stamp,
 * the route matches per path). A signed-in page must be the same whether they were kept
 * or not: the same viewer and the same data give the same HTML.
 */
describe.each(databaseKinds)("a signed-in page with and without the server's caches, on %s", (kind) => {
  let harness: AuthHarness;
  let admin: SignedInPerson;

  beforeAll(async () => {
    harness = await startAuthHarness(kind);
    admin = await signInAs(harness, "admin");
    const saved = await admin.gql(
      `mutation Announce($input: UpdateAnnouncementInput!) { updateAnnouncement(input: $input) { version } }`,
      { input: { version: 0, enabled: true, tone: "info", message: "The v5 manual is out" } },
    );
    expect(saved.body.errors).toBeUndefined();
  });
  afterAll(() => harness.close());

  it.each(["/dashboard", "/dashboard/admin/users", "/dashboard/settings"])("%s", async (path) => {
    const page = async () => {
      const response = await admin.browser.fetch(path);
      expect(response.status).toBe(200);
      return comparable(await response.text());
    };
    forgetNotices();
    const cold = await page();
    const warm = await page();
    expect(cold).toContain("The v5 manual is out");
    expect(warm).toBe(cold);
  });
});
