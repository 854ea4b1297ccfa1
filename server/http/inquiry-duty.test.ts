import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAuthHarness, type AuthHarness } from "../../tests/support/auth-harness.ts";
import { databaseKinds } from "../../tests/support/databases.ts";
import { signInAs } from "../../tests/support/graphql.ts";

/**
 * The inquiries duty, given and taken away by an admin, is what the person's very next
 * request may do: the session reads their row, and the duty with it, on every request.
 */
describe.each(databaseKinds)("the inquiries duty, on %s", (kind) => {
  let harness: AuthHarness;

  beforeAll(async () => {
    harness = await startAuthHarness(kind);
  });
  afterAll(() => harness.close());

  it("opens the inbox to a viewer on their next request, and closes it again", async () => {
    const admin = await signInAs(harness, "admin", "duty-admin");
    const desk = await signInAs(harness, "viewer", "duty-desk");
    const inbox = `{ inquiries(first: 5) { nodes { id } } }`;
    const page = () => desk.browser.fetch("/dashboard/admin/inquiries");
    expect((await desk.gql(inbox)).body.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    expect((await page()).status).toBe(403);

    const change = async (grants: string[], version: number) => {
      const result = await admin.gql<{ changeUserGrants: { grants: string[]; version: number } }>(
        `mutation Duty($input: ChangeUserGrantsInput!) { changeUserGrants(input: $input) { grants version } }`,
        { input: { id: desk.user.id, version, grants } },
      );
      expect(result.body.errors).toBeUndefined();
      return result.body.data?.changeUserGrants.version ?? 0;
    };
    const given = await change(["inquiries"], desk.user.version);
    expect((await desk.gql(inbox)).body.errors).toBeUndefined();
    expect((await page()).status).toBe(200);

    await change([], given);
    expect((await desk.gql(inbox)).body.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    expect((await page()).status).toBe(403);
  });
});
