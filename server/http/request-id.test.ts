import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAuthHarness, type AuthHarness } from "../../tests/support/auth-harness.ts";
import { requestIdFrom } from "./middleware/request-context.ts";

/**
 * Request ids (ADR 031): every answer the app's middleware gives carries one in
 * `X-Request-Id`, kept from the caller when well formed, and every line the request logs
 * carries the same.
 */

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("requestIdFrom", () => {
  it("keeps a well-formed id and replaces anything else with a fresh UUID", () => {
    expect(requestIdFrom("4bf92f3577b34da6a3ce929d0e0e4736")).toBe("4bf92f3577b34da6a3ce929d0e0e4736");
    expect(requestIdFrom("edge-7:req.42_a")).toBe("edge-7:req.42_a");
    for (const bad of [undefined, "", "has space", "line\nbreak", "<script>", "-leading", "x".repeat(129)]) {
      expect(requestIdFrom(bad), String(bad)).toMatch(uuid);
    }
    expect(requestIdFrom(undefined)).not.toBe(requestIdFrom(undefined));
  });
});

describe("request ids over HTTP", () => {
  let harness: AuthHarness;
  beforeAll(async () => {
    harness = await startAuthHarness("pglite");
  });
  afterAll(() => harness.close());

  const linesOf = (id: string) => harness.log.entries.filter((entry) => entry.requestId === id);

  it("answers with a fresh id and logs the request's lines under it", async () => {
    const page = await harness.newBrowser().fetch("/locations?place=WI");
    expect(page.status).toBe(200);
    const id = page.headers.get("x-request-id") ?? "";
    expect(id).toMatch(uuid);
    expect(linesOf(id).map((entry) => entry.message)).toContain("request");
  });

  it("keeps a caller's well-formed id, and replaces one that is not", async () => {
    const browser = harness.newBrowser();
    const kept = await browser.fetch("/locations?place=WI", { headers: { "x-request-id": "lb-2f9a-0007" } });
    expect(kept.headers.get("x-request-id")).toBe("lb-2f9a-0007");
    expect(linesOf("lb-2f9a-0007").length).toBeGreaterThan(0);

    const replaced = await browser.fetch("/locations?place=WI", { headers: { "x-request-id": "<b>not an id</b>" } });
    expect(replaced.headers.get("x-request-id")).toMatch(uuid);
    expect(harness.log.entries.some((entry) => entry.requestId?.includes("<b>"))).toBe(false);
  });

  it("is on the answers the app gives outside React Router too: a GraphQL error, a redirect", async () => {
    const browser = harness.newBrowser();
    const graphql = await browser.fetch("/graphql", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query: "{ nope }" }),
    });
    expect(graphql.headers.get("x-request-id")).toMatch(uuid);
    const redirect = await browser.fetch("/dashboard");
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get("x-request-id")).toMatch(uuid);
  });
});
