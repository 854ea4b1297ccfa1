import { request as httpRequest } from "node:http";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { startAuthHarness, type AuthHarness } from "../../tests/support/auth-harness.ts";
import { unknownProviderAddressMessage } from "../idp/provider.ts";
import { signInAs, type SignedInPerson } from "../../tests/support/graphql.ts";

/**
 * Requests the HTTP fuzz (fuzz.test.ts) found answered with a 5xx, an error in the log
 * or a stack trace on stderr, each pinned down here. Real HTTP against the real server.
 */
describe("requests the HTTP fuzz found", () => {
  let harness: AuthHarness;
  let admin: SignedInPerson;
  const printed: unknown[][] = [];

  beforeAll(async () => {
    harness = await startAuthHarness("pglite");
    admin = await signInAs(harness, "admin");
    vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
      printed.push(args);
    });
  });

  afterAll(async () => {
    vi.restoreAllMocks();
    await harness.close();
  });

  afterEach(() => {
    const failures = harness.log.entries.filter((entry) => entry.level === "error" || entry.level === "warn");
    harness.log.entries.length = 0;
    const stderr = printed.splice(0);
    expect(failures).toEqual([]);
    expect(stderr).toEqual([]);
  });

  const send = (path: string, init: RequestInit = {}) =>
    fetch(new URL(path, harness.origin), { redirect: "manual", ...init });

  /** Byte for byte, where fetch() would not send it so: a fragment in the target, another Host. */
  function sendAsIs(
    method: string,
    path: string,
    headers: Record<string, string>,
    body = "",
  ): Promise<{ status: number; text: string }> {
    const url = new URL(harness.origin);
    return new Promise((resolve, reject) => {
      const request = httpRequest({ host: url.hostname, port: url.port, method, path, headers }, (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, text }));
      });
      request.on("error", reject);
      request.end(body);
    });
  }

  describe("/graphql", () => {
    const typename = "/graphql?query=%7B__typename%7D";
    // The CSRF-prevention plugin wants this header on any GET; anonymous, any value does.
    const headers = { "x-csrf-token": "x", accept: "application/json" };

    it("answers HEAD as Yoga does, 405, not 500 (Yoga's Response is not the runtime's, and HEAD copied it)", async () => {
      const head = await send(typename, { method: "HEAD", headers });
      expect(head.status).toBe(405);
      expect(head.headers.get("allow")).toBe("GET, POST");
      expect(head.headers.get("cache-control")).toBe("no-store");
      expect(head.headers.get("x-content-type-options")).toBe("nosniff");
      expect(await head.text()).toBe("");
    });

    it.each([
      ["variables", `${typename}&variables=x`],
      ["extensions", `${typename}&extensions=%7B`],
      // Yoga reads everything after the first "?" of a GET, a fragment too.
      ["variables", `${typename}#&variables=%`],
    ])("answers a GET whose %s is not JSON with 400 (it was an error logged with its stack)", async (name, path) => {
      const response = await sendAsIs("GET", path, headers);
      expect(response.status).toBe(400);
      expect(JSON.parse(response.text)).toEqual({
        errors: [{ message: `The "${name}" parameter is not valid JSON.`, extensions: { code: "BAD_REQUEST" } }],
      });
    });

    it("answers a form-encoded POST whose variables are not JSON with 400", async () => {
      const response = await send("/graphql", {
        method: "POST",
        headers: { ...headers, "content-type": "application/x-www-form-urlencoded" },
        body: "query=%7B__typename%7D&variables=00000000-0000",
      });
      expect(response.status).toBe(400);
      expect(await response.text()).toContain('The \\"variables\\" parameter is not valid JSON.');
    });

    it("still reads good variables, in a GET and a form-encoded POST", async () => {
      const query = encodeURIComponent("query ($skip: Boolean!) { __typename @skip(if: $skip) }");
      const variables = encodeURIComponent(JSON.stringify({ skip: false }));
      const get = await send(`/graphql?query=${query}&variables=${variables}`, { headers });
      expect(await get.json()).toEqual({ data: { __typename: "Query" } });
      const post = await send("/graphql", {
        method: "POST",
        headers: { ...headers, "content-type": "application/x-www-form-urlencoded" },
        body: `query=${query}&variables=${variables}`,
      });
      expect(await post.json()).toEqual({ data: { __typename: "Query" } });
    });
  });

  it("answers HEAD at the identity provider once (the Node adapter wrote its headers a second time)", async () => {
    const response = await send("/idp/.well-known/openid-configuration", { method: "HEAD" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/json");
    expect(await response.text()).toBe("");
    // The stack trace went to stderr after the answer: wait until the server is done with the request.
    await harness.settled();
  });

  describe("form actions", () => {
    it("answers a POST to settings without ?index with 405: its action is the index route's", async () => {
      for (const path of ["/dashboard/settings", "/dashboard/settings.data"]) {
        const response = await admin.browser.fetch(path, {
          method: "POST",
          headers: { "x-csrf-token": admin.csrfToken },
          body: new URLSearchParams({ intent: "nothing-like-this" }),
        });
        expect(response.status).toBe(405);
        expect(await response.text()).not.toContain("did not provide an `action`");
      }
      const indexed = await admin.browser.fetch("/dashboard/settings.data?index", {
        method: "POST",
        headers: { "x-csrf-token": admin.csrfToken },
        body: new URLSearchParams({ intent: "nothing-like-this" }),
      });
      expect(indexed.status).toBe(400);
      expect(await indexed.text()).toContain("That action is not one this page knows");
    });

    it("takes a write that a proxy passes on with another Host (the browser's Origin is the site's) to its action", async () => {
      const response = await sendAsIs(
        "POST",
        "/idp/password/forgot",
        { host: "app.internal:8080", origin: harness.origin, "content-type": "application/x-www-form-urlencoded" },
        "email=someone%40densara.test",
      );
      expect(response.status).toBe(200);
      expect(response.text).toContain("Check your email");
    });

    it.each([
      ["Sec-Fetch-Site says same-origin, the Origin is another", { "sec-fetch-site": "same-origin", origin: "null" }],
      ["the Origin is the Host's but not the site's", { host: "evil.example", origin: "http://evil.example" }],
    ])("refuses a write React Router would call cross-site (%s) with 403, logging nothing", async (_label, extra) => {
      const response = await sendAsIs(
        "POST",
        "/dashboard/admin/users",
        {
          cookie: admin.browser.cookieHeader("/dashboard/admin/users"),
          "x-csrf-token": admin.csrfToken,
          "content-type": "application/x-www-form-urlencoded",
          ...extra,
        },
        "intent=nothing-like-this",
      );
      expect(response.status).toBe(403);
      expect(response.text).toBe("This request was sent from another site, so it was refused.");
    });

    it("answers a portal form sent without a well-formed version with 400 and a sentence, not 500", async () => {
      const response = await admin.browser.fetch("/dashboard/admin/organizations", {
        method: "POST",
        headers: { "x-csrf-token": admin.csrfToken },
        body: new URLSearchParams({ intent: "update", id: "00000000-0000-4000-8000-000000000000", name: "X" }),
      });
      expect(response.status).toBe(400);
      expect(await response.text()).toContain("The version of the row you edited is missing.");
    });

    it("answers a portal form with a value the API does not know, or a field it does not take, with 400 and the field's sentence", async () => {
      const unknownRole = await admin.browser.fetch("/dashboard/admin/users", {
        method: "POST",
        headers: { "x-csrf-token": admin.csrfToken },
        body: new URLSearchParams({ intent: "invite", email: "tampered@example.test", role: "superuser" }),
      });
      expect(unknownRole.status).toBe(400);
      expect(await unknownRole.text()).toContain("Choose a role from the list: admin, editor or viewer.");
      const extraField = await admin.browser.fetch("/dashboard/admin/users", {
        method: "POST",
        headers: { "x-csrf-token": admin.csrfToken },
        body: new URLSearchParams({ intent: "invite", email: "tampered@example.test", role: "viewer", isAdmin: "1" }),
      });
      expect(extraField.status).toBe(400);
      expect(await extraField.text()).toContain("This form sent something the server does not take");
    });
  });

  it("answers an address or a method the identity provider does not have with 404 and a sentence, not Koa's bare 'Not Found'", async () => {
    for (const [method, path] of [
      ["PUT", "/idp/.well-known/openid-configuration"],
      ["DELETE", "/idp/jwks"],
      ["GET", "/idp/no-such-endpoint"],
    ] as const) {
      const response = await send(path, { method });
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(await response.text()).toBe(unknownProviderAddressMessage);
    }
    // What it does have is untouched: its discovery document, and its own JSON errors.
    const discovery = await send("/idp/.well-known/openid-configuration");
    expect(discovery.status).toBe(200);
    expect(await discovery.json()).toMatchObject({ issuer: `${harness.origin}/idp` });
    const token = await send("/idp/token", { method: "POST" });
    expect(token.status).toBe(400);
    expect(await token.json()).toMatchObject({ error: "invalid_request" });
  });

  it("hands the identity provider its mount path with a query as '/?…' (was a 500 in its router)", async () => {
    const response = await send("/idp?x=1");
    expect(response.status).toBeLessThan(500);
  });
});
