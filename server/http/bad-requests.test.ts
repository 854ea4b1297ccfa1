import { request as httpRequest } from "node:http";
import { readdirSync } from "node:fs";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { startAuthHarness, type AuthHarness } from "../../tests/support/auth-harness.ts";
import { signInAs, type SignedInPerson } from "../../tests/support/graphql.ts";

/**
 * Requests React Router and the file server could only answer with an error, a stack
 * trace in the log or a wrong status: each gets a short, clear 4xx and nothing is logged
 * as a failure. Real HTTP against the real server.
 */

/** What must never reach a client: stack frames, source paths, framework internals. */
function expectNoLeak(text: string): void {
  expect(text).not.toMatch(
    /\n\s+at\s|node_modules|\/work\/|file:\/\/|Invalid request method|did not provide an `action`/,
  );
}

describe("bad requests at the HTTP edge", () => {
  let harness: AuthHarness;
  let admin: SignedInPerson;

  beforeAll(async () => {
    harness = await startAuthHarness("pglite");
    admin = await signInAs(harness, "admin");
  });

  afterAll(async () => {
    await harness.close();
  });

  afterEach(() => {
    const failures = harness.log.entries.filter((entry) => entry.level === "error" || entry.level === "warn");
    harness.log.entries.length = 0;
    expect(failures).toEqual([]);
  });

  const send = (path: string, init: RequestInit = {}) =>
    fetch(new URL(path, harness.origin), { redirect: "manual", ...init });

  describe("form actions given something that is not a form", () => {
    const bodies: [string, Record<string, string>, string][] = [
      ["JSON", { "content-type": "application/json" }, "{}"],
      ["text", { "content-type": "text/plain" }, "email=a@b.c"],
      ["XML", { "content-type": "application/xml" }, "<a/>"],
      ["no type", {}, "x"],
      ["multipart without a boundary", { "content-type": "multipart/form-data" }, "x"],
    ];

    it.each(bodies)("answers %s with 415, for an anonymous hosted page", async (_label, headers, body) => {
      const response = await send("/idp/password/forgot", { method: "POST", headers, body });
      expect(response.status).toBe(415);
      const text = await response.text();
      expect(text).toContain("That request was not a form");
      expectNoLeak(text);
    });

    it("answers a multipart body that cannot be read with 400", async () => {
      const response = await send("/idp/password/forgot", {
        method: "POST",
        headers: { "content-type": "multipart/form-data; boundary=nothing-like-this" },
        body: "--something-else\r\nbroken",
      });
      expect(response.status).toBe(400);
      expect(await response.text()).toContain("That request was not understood");
    });

    it("answers a signed-in form action sent as JSON with 415 (the CSRF header given), and changes nothing", async () => {
      const response = await admin.browser.fetch("/dashboard/admin/users", {
        method: "POST",
        headers: { "content-type": "application/json", "x-csrf-token": admin.csrfToken },
        body: JSON.stringify({ intent: "invite", email: "json@example.com" }),
      });
      expect(response.status).toBe(415);
      expectNoLeak(await response.text());
    });

    it("reads a signed-in form once: the CSRF check's reading is the one the action takes", async () => {
      const reads = vi.spyOn(Request.prototype, "formData");
      try {
        const response = await admin.browser.fetch("/dashboard/admin/users", {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({
            csrf: admin.csrfToken,
            intent: "invite",
            email: "read-once@example.com",
            role: "viewer",
          }),
        });
        // The invitation went out: the post/redirect/get's See Other.
        expect(response.status).toBe(303);
        expect(reads).toHaveBeenCalledTimes(1);
      } finally {
        reads.mockRestore();
      }
    });

    it("still reads a real form", async () => {
      const response = await send("/idp/password/forgot", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "email=someone%40example.com",
      });
      expect(response.status).toBe(200);
      expect(await response.text()).toContain("Check your email");
    });
  });

  describe("methods", () => {
    it.each(["PUT", "DELETE", "PATCH", "POST"])(
      "answers %s on a page without a form with 405 and Allow",
      async (method) => {
        const response = await send("/about", { method, ...(method === "POST" ? { body: "a=b" } : {}) });
        expect(response.status).toBe(405);
        expect(response.headers.get("allow")).toBe("GET, HEAD");
        const text = await response.text();
        expect(text).toBe(`This page does not accept ${method} requests: it accepts GET, HEAD.`);
        // The security headers go on every answer.
        expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
        expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      },
    );

    it("answers OPTIONS with 204 and what the page accepts", async () => {
      const about = await send("/about", { method: "OPTIONS" });
      expect(about.status).toBe(204);
      expect(about.headers.get("allow")).toBe("GET, HEAD");
      const users = await send("/dashboard/admin/users", { method: "OPTIONS" });
      expect(users.headers.get("allow")).toBe("GET, HEAD, POST");
    });

    it("answers a write to an address with no page with 404", async () => {
      const response = await send("/no-such-page-xyz", { method: "DELETE" });
      expect(response.status).toBe(404);
      expect(await response.text()).toBe("There is no page at this address.");
    });
  });

  it("answers a path with a broken percent-escape with 400", async () => {
    // fetch() would repair the URL, so this goes out byte for byte.
    const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const url = new URL(harness.origin);
      const request = httpRequest(
        { host: url.hostname, port: url.port, path: "/%E0%A4%A", method: "GET" },
        (response) => {
          let text = "";
          response.setEncoding("utf8");
          response.on("data", (chunk: string) => (text += chunk));
          response.on("end", () => resolve({ status: response.statusCode ?? 0, body: text }));
        },
      );
      request.on("error", reject);
      request.end();
    });
    expect(status).toBe(400);
    expect(body).toContain("broken percent-escape");
  });

  describe("the embedded identity provider", () => {
    it("reads a chunked body to /idp/token as it reads one with a Content-Length", async () => {
      const form = "grant_type=authorization_code&code=not-a-code";
      const headers = { "content-type": "application/x-www-form-urlencoded" };
      const sized = await send("/idp/token", { method: "POST", headers, body: form });
      const chunked = await send("/idp/token", {
        method: "POST",
        headers,
        body: new Blob([form]).stream(),
        duplex: "half",
      } as RequestInit);
      expect(chunked.status).toBe(sized.status);
      // Both were read: the provider got as far as asking who the client is.
      expect(await chunked.json()).toEqual(await sized.json());
    });

    it("answers a sign-out with no provider session by going home, setting no cookie", async () => {
      const response = await send("/idp/session/end");
      expect(response.status).toBe(303);
      expect(response.headers.get("location")).toBe("/");
      expect(response.headers.get("set-cookie")).toBeNull();
    });
  });

  describe("ranges on build files", () => {
    let asset = "";
    beforeAll(() => {
      const css = readdirSync("build/client/assets").find((name) => name.endsWith(".css"));
      if (!css) throw new Error("no stylesheet in the build");
      asset = `/assets/${css}`;
    });

    it.each(["bytes=abc", "items=0-5", "bytes=0-0,2-2"])(
      "answers Range %s with 200 and the whole file",
      async (range) => {
        const whole = await (await send(asset, { headers: { "accept-encoding": "identity" } })).arrayBuffer();
        const response = await send(asset, { headers: { range, "accept-encoding": "identity" } });
        expect(response.status).toBe(200);
        expect(response.headers.get("content-range")).toBeNull();
        expect((await response.arrayBuffer()).byteLength).toBe(whole.byteLength);
      },
    );

    it("serves one byte range with 206, and one past the end with 416", async () => {
      const part = await send(asset, { headers: { range: "bytes=0-9", "accept-encoding": "identity" } });
      expect(part.status).toBe(206);
      expect((await part.arrayBuffer()).byteLength).toBe(10);
      const beyond = await send(asset, { headers: { range: "bytes=999999999-", "accept-encoding": "identity" } });
      expect(beyond.status).toBe(416);
    });
  });
});
