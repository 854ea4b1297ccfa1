import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAuthHarness, type AuthHarness } from "../../tests/support/auth-harness.ts";
import { signInAs, type SignedInPerson } from "../../tests/support/graphql.ts";
import { docs } from "../db/schema/index.ts";

/**
 * The limits agree (issue 35): a doc of 200,000 characters in any script is saved through
 * the editor's page and through GraphQL, however the request spells them; one character
 * more is a message on the field, never a 413 page. (30,000 CJK characters, or 100,000
 * "é", used to get a 413.)
 */
describe("a doc's body of 200,000 characters in any script", () => {
  let harness: AuthHarness;
  let editor: SignedInPerson;

  beforeAll(async () => {
    harness = await startAuthHarness("pglite");
    editor = await signInAs(harness, "editor", "docs-limits");
  });
  afterAll(() => harness.close());

  const bodyOf = async (slug: string) => {
    const [row] = await harness.database.db.select({ body: docs.body }).from(docs).where(eq(docs.slug, slug));
    return row?.body ?? null;
  };

  /** GraphQL's JSON with every character past ASCII escaped (\uXXXX, six bytes each): the largest spelling. */
  async function createThroughGraphQL(slug: string, body: string) {
    const request = JSON.stringify({
      query: `mutation ($input: CreateDocInput!) { createDoc(input: $input) { id } }`,
      variables: { input: { title: `Limit ${slug}`, slug, body } },
    }).replace(/[\u0080-\uffff]/g, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, "0")}`);
    const response = await editor.browser.fetch("/graphql", {
      method: "POST",
      headers: { "content-type": "application/json", "x-csrf-token": editor.csrfToken },
      body: request,
    });
    return {
      status: response.status,
      size: request.length,
      answer: (await response.json()) as Record<string, unknown>,
    };
  }

  it.each([
    ["cjk", "漢"],
    ["accented", "é"],
  ])("is saved through GraphQL (%s), and one character more is the field's message", async (label, character) => {
    const saved = await createThroughGraphQL(`graphql-${label}`, character.repeat(200_000));
    expect(saved.size).toBeGreaterThan(1_200_000);
    expect(saved.status).toBe(200);
    expect(saved.answer.errors).toBeUndefined();
    expect(await bodyOf(`graphql-${label}`)).toHaveLength(200_000);

    const refused = await createThroughGraphQL(`graphql-${label}-more`, character.repeat(200_001));
    expect(refused.status).toBe(200);
    expect(JSON.stringify(refused.answer.errors)).toMatch(/200,000/);
    expect(await bodyOf(`graphql-${label}-more`)).toBeNull();
  });

  /** The editor's page as a form would post it, each character percent-encoded (up to nine bytes). */
  async function createThroughPage(slug: string, body: string) {
    const form = new URLSearchParams({ intent: "create", csrf: editor.csrfToken, title: `Limit ${slug}`, slug, body });
    form.append("products", "v4");
    form.append("products", "v5");
    const request = form.toString();
    const response = await editor.browser.fetch("/docs/add", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: request,
    });
    return { status: response.status, size: request.length, text: await response.text() };
  }

  it("is saved through the editor's page (CJK, the largest form encoding), and one more is the field's message", async () => {
    const saved = await createThroughPage("page-cjk", "漢".repeat(200_000));
    expect(saved.size).toBeGreaterThan(1_800_000);
    expect(saved.status).toBe(200);
    expect(await bodyOf("page-cjk")).toHaveLength(200_000);

    const refused = await createThroughPage("page-cjk-more", "漢".repeat(200_001));
    expect(refused.status).not.toBe(413);
    expect(refused.status).toBeLessThan(500);
    expect(refused.text).toMatch(/200,000/);
    expect(await bodyOf("page-cjk-more")).toBeNull();
  });
});
