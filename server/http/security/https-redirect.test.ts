import { describe, expect, it } from "vitest";
import { arrivedOverHttps, createHttpsRedirect, httpsLocation, plainHttpPaths } from "./https-redirect.ts";

const origin = "https://portal.example.test";
const headers =
  (given: Record<string, string> = {}) =>
  (name: string) =>
    given[name];

describe("where an http request is sent", () => {
  it("keeps the path and query, at the site's own origin", () => {
    expect(httpsLocation(origin, "/products/v5?tab=specs")).toBe("https://portal.example.test/products/v5?tab=specs");
    expect(httpsLocation(origin, "/")).toBe("https://portal.example.test/");
    expect(httpsLocation("https://portal.example.test:8443", "/about")).toBe("https://portal.example.test:8443/about");
  });

  it.each([
    ["//evil.example/x", "https://portal.example.test//evil.example/x"],
    ["/\\evil.example/x", "https://portal.example.test//evil.example/x"],
    ["/@evil.example", "https://portal.example.test/@evil.example"],
    ["/a/../../evil", "https://portal.example.test/evil"],
    ["http://evil.example/steal?x=1", "https://portal.example.test/steal?x=1"],
    ["*", "https://portal.example.test/"],
    ["evil.example", "https://portal.example.test/"],
    ["/caf\u00e9 et cr\u00e8me", "https://portal.example.test/caf%C3%A9%20et%20cr%C3%A8me"],
  ])("never leaves the site's host: %j goes to %s", (target, expected) => {
    const location = httpsLocation(origin, target);
    expect(location).toBe(expected);
    expect(new URL(location).origin).toBe(origin);
  });
});

describe("whether a request came over https", () => {
  it("believes X-Forwarded-Proto only from a trusted proxy", () => {
    expect(arrivedOverHttps(true, "https")).toBe(true);
    expect(arrivedOverHttps(true, "HTTPS")).toBe(true);
    expect(arrivedOverHttps(true, "http")).toBe(false);
    expect(arrivedOverHttps(true, undefined)).toBe(false);
    expect(arrivedOverHttps(false, "https")).toBe(false);
  });

  it("reads the first value of a list, the one the proxy nearest the visitor wrote", () => {
    expect(arrivedOverHttps(true, "https, http")).toBe(true);
    expect(arrivedOverHttps(true, "http, https")).toBe(false);
  });
});

describe("the redirect to https", () => {
  const trusted = createHttpsRedirect({ publicUrl: new URL(origin), trustProxy: true });
  const untrusted = createHttpsRedirect({ publicUrl: new URL(origin), trustProxy: false });

  it("is not there at all on an http site", () => {
    expect(createHttpsRedirect({ publicUrl: new URL("http://localhost:3000"), trustProxy: true })).toBeNull();
  });

  it("sends any method to https with 308, at PUBLIC_URL's origin whatever the Host header", () => {
    for (const method of ["GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS"]) {
      const answer = untrusted?.(method, "/about", headers({ host: "evil.example" }), "/about?x=1");
      expect(answer?.status, method).toBe(308);
      expect(answer?.headers.location, method).toBe("https://portal.example.test/about?x=1");
      expect(answer?.body).toBeNull();
    }
  });

  it("lets through what a trusted proxy says came over https, and sends on what it says came over http", () => {
    expect(trusted?.("GET", "/about", headers({ "x-forwarded-proto": "https" }), "/about")).toBeNull();
    expect(trusted?.("GET", "/about", headers({ "x-forwarded-proto": "http" }), "/about")?.status).toBe(308);
    // Straight to the process, past the proxy: plain http.
    expect(trusted?.("GET", "/about", headers(), "/about")?.status).toBe(308);
  });

  it("ignores X-Forwarded-Proto when no proxy is trusted", () => {
    expect(untrusted?.("GET", "/about", headers({ "x-forwarded-proto": "https" }), "/about")?.status).toBe(308);
  });

  it("answers health and metrics over plain http, for the probes and scrapers inside the network", () => {
    for (const path of plainHttpPaths) {
      expect(untrusted?.("GET", path, headers(), path), path).toBeNull();
      expect(trusted?.("GET", path, headers(), path), path).toBeNull();
    }
    // Only those addresses: a look-alike is sent on.
    expect(untrusted?.("GET", "/healthz/x", headers(), "/healthz/x")?.status).toBe(308);
  });

  it("carries the security headers, but never HSTS over http", () => {
    const answer = untrusted?.("GET", "/", headers(), "/");
    expect(answer?.headers["X-Content-Type-Options"]).toBe("nosniff");
    expect(answer?.headers["Strict-Transport-Security"]).toBeUndefined();
  });
});
