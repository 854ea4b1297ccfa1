import { describe, expect, it } from "vitest";
import { csrfTokenFor, csrfTokenMatches, isCrossSiteWrite, submittedCsrfToken } from "./csrf.ts";

const site = "https://www.densara.example";

function request(method: string, headers: Record<string, string> = {}): Request {
  return new Request(`${site}/auth/logout`, { method, headers });
}

describe("CSRF tokens", () => {
  it("derives a stable, URL-safe token per session that differs between sessions and from the session token", () => {
    const token = csrfTokenFor("session-token-1");
    expect(token).toBe(csrfTokenFor("session-token-1"));
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(token).not.toBe(csrfTokenFor("session-token-2"));
    expect(token).not.toContain("session-token-1");
  });

  it("matches only the token of the same session", () => {
    const token = csrfTokenFor("session-token-1");
    expect(csrfTokenMatches("session-token-1", token)).toBe(true);
    expect(csrfTokenMatches("session-token-2", token)).toBe(false);
    expect(csrfTokenMatches("session-token-1", `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`)).toBe(false);
    expect(csrfTokenMatches("session-token-1", token.slice(0, -1))).toBe(false);
    expect(csrfTokenMatches("session-token-1", `${token}x`)).toBe(false);
  });

  it.each([
    ["no session", undefined, "anything"],
    ["an empty session token", "", csrfTokenFor("")],
    ["nothing submitted", "session-token-1", null],
    ["an empty string", "session-token-1", ""],
    ["a file-like value", "session-token-1", new Blob(["x"])],
    ["an array", "session-token-1", [csrfTokenFor("session-token-1")]],
    ["a very long string", "session-token-1", "a".repeat(129)],
    ["the session token itself", "session-token-1", "session-token-1"],
  ])("refuses %s", (_label, sessionToken, submitted) => {
    expect(csrfTokenMatches(sessionToken, submitted)).toBe(false);
  });
});

describe("isCrossSiteWrite", () => {
  it.each(["cross-site", "same-site"])("refuses a write whose Sec-Fetch-Site is %s", (fetchSite) => {
    expect(isCrossSiteWrite(request("POST", { "Sec-Fetch-Site": fetchSite }), site)).toBe(true);
    // Even when the Origin claims to be the site.
    expect(isCrossSiteWrite(request("POST", { "Sec-Fetch-Site": fetchSite, Origin: site }), site)).toBe(true);
  });

  it.each(["same-origin", "none"])("allows a write whose Sec-Fetch-Site is %s", (fetchSite) => {
    expect(isCrossSiteWrite(request("POST", { "Sec-Fetch-Site": fetchSite }), site)).toBe(false);
    // Sec-Fetch-Site is the browser's own word; a stale Origin does not override it.
    expect(
      isCrossSiteWrite(request("POST", { "Sec-Fetch-Site": fetchSite, Origin: "https://evil.example" }), site),
    ).toBe(false);
  });

  it("without Sec-Fetch-Site, refuses a write from another origin and allows one from the site", () => {
    expect(isCrossSiteWrite(request("POST", { Origin: "https://evil.example" }), site)).toBe(true);
    expect(isCrossSiteWrite(request("POST", { Origin: "http://www.densara.example" }), site)).toBe(true);
    expect(isCrossSiteWrite(request("POST", { Origin: "https://densara.example" }), site)).toBe(true);
    expect(isCrossSiteWrite(request("POST", { Origin: "null" }), site)).toBe(true);
    expect(isCrossSiteWrite(request("POST", { Origin: site }), site)).toBe(false);
  });

  it("allows a write with neither header (scripts and servers go on to the token checks)", () => {
    expect(isCrossSiteWrite(request("POST"), site)).toBe(false);
  });

  it.each(["PUT", "PATCH", "DELETE"])("treats %s as a write", (method) => {
    expect(isCrossSiteWrite(request(method, { "Sec-Fetch-Site": "cross-site" }), site)).toBe(true);
  });

  it.each(["GET", "HEAD", "OPTIONS"])("never refuses %s, whatever the headers say", (method) => {
    expect(isCrossSiteWrite(request(method, { "Sec-Fetch-Site": "cross-site" }), site)).toBe(false);
    expect(isCrossSiteWrite(request(method, { Origin: "https://evil.example" }), site)).toBe(false);
  });
});

describe("submittedCsrfToken", () => {
  const post = (body: BodyInit, headers: Record<string, string> = {}) =>
    new Request("http://site.test/dashboard/admin/users", { method: "POST", body, headers });

  it("reads the csrf field of a urlencoded or multipart form, and hands the form on for the action", async () => {
    const urlencoded = post(new URLSearchParams({ csrf: "from-form", userId: "u1" }));
    const read = await submittedCsrfToken(urlencoded);
    expect(read.token).toBe("from-form");
    // Read once: the action takes this form, and the body is spent.
    expect(read.form?.get("userId")).toBe("u1");
    expect(urlencoded.bodyUsed).toBe(true);
    const multipart = new FormData();
    multipart.set("csrf", "from-multipart");
    expect((await submittedCsrfToken(post(multipart))).token).toBe("from-multipart");
  });

  it("prefers the X-CSRF-Token header, and then leaves the body unread", async () => {
    const request = post("{}", { "x-csrf-token": "from-header", "content-type": "application/json" });
    expect(await submittedCsrfToken(request)).toEqual({ token: "from-header" });
    expect(request.bodyUsed).toBe(false);
  });

  it("finds nothing in other bodies, forms without the field, or malformed forms", async () => {
    expect(await submittedCsrfToken(post('{"csrf":"x"}', { "content-type": "application/json" }))).toEqual({
      token: null,
    });
    expect((await submittedCsrfToken(post(new URLSearchParams({ other: "1" })))).token).toBeNull();
    expect(await submittedCsrfToken(post("--broken", { "content-type": "multipart/form-data; boundary=x" }))).toEqual({
      token: null,
    });
  });
});
