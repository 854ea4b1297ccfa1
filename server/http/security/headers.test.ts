import { describe, expect, it } from "vitest";
import { applySecurityHeaders, contentSecurityPolicy, createNonce, permissionsPolicy } from "./headers.ts";

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp.split(";").map((directive) => {
      const [name = "", ...values] = directive.trim().split(/\s+/);
      return [name, values];
    }),
  );
}

describe("contentSecurityPolicy", () => {
  const nonce = "bm9uY2Utbm9uY2Utbm9uYw==";

  it("allows scripts from this origin and with this response's nonce, never unsafe-inline or unsafe-eval", () => {
    const scriptSrc = directives(contentSecurityPolicy({ nonce, https: false })).get("script-src");
    expect(scriptSrc).toEqual(["'self'", `'nonce-${nonce}'`]);
  });

  it("lists inline-script hashes quoted in script-src", () => {
    const hashes = ["sha256-abc+/=", "sha256-def"];
    const csp = contentSecurityPolicy({ nonce, scriptHashes: hashes, https: false });
    const scriptSrc = directives(csp).get("script-src") ?? [];
    expect(scriptSrc).toEqual(["'self'", `'nonce-${nonce}'`, "'sha256-abc+/='", "'sha256-def'"]);
    expect(scriptSrc.join(" ")).not.toMatch(/unsafe-(inline|eval)/);
  });

  it("adds the analytics loaders' hosts to scripts, connections and images, and nowhere else", () => {
    const csp = directives(
      contentSecurityPolicy({
        nonce: null,
        scriptHashes: ["sha256-x"],
        https: false,
        thirdParty: { script: ["https://cdn.segment.com"], connect: ["https://api.segment.io"], img: [] },
      }),
    );
    expect(csp.get("script-src")).toEqual(["'self'", "https://cdn.segment.com", "'sha256-x'"]);
    expect(csp.get("connect-src")).toEqual(["'self'", "https://api.segment.io"]);
    expect(csp.get("img-src")).toEqual(["'self'", "data:"]);
    expect(csp.get("style-src")).toEqual(["'self'"]);
    expect(csp.get("default-src")).toEqual(["'self'"]);
  });

  it("forbids framing, plugins and base-tag changes", () => {
    const csp = directives(contentSecurityPolicy({ nonce, https: false }));
    expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
    expect(csp.get("object-src")).toEqual(["'none'"]);
    expect(csp.get("base-uri")).toEqual(["'none'"]);
    expect(csp.get("default-src")).toEqual(["'self'"]);
  });

  it("does not allow inline styles or scripts anywhere", () => {
    expect(contentSecurityPolicy({ nonce, scriptHashes: ["sha256-x"], https: true })).not.toContain("unsafe-inline");
  });

  it("adds upgrade-insecure-requests only over https", () => {
    expect(directives(contentSecurityPolicy({ nonce, https: true })).has("upgrade-insecure-requests")).toBe(true);
    expect(directives(contentSecurityPolicy({ nonce, https: false })).has("upgrade-insecure-requests")).toBe(false);
  });
});

describe("applySecurityHeaders", () => {
  it("sets nosniff, the referrer policy, the permissions policy and the given CSP", () => {
    const headers = new Headers();
    applySecurityHeaders(headers, { csp: "default-src 'self'", https: false });
    expect(headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    expect(headers.get("Permissions-Policy")).toBe(permissionsPolicy);
    expect(headers.get("Content-Security-Policy")).toBe("default-src 'self'");
    expect(headers.get("X-Frame-Options")).toBe("DENY");
  });

  it("the permissions policy turns off camera, microphone and geolocation", () => {
    expect(permissionsPolicy.split(", ")).toEqual(
      expect.arrayContaining(["camera=()", "microphone=()", "geolocation=()"]),
    );
  });

  it("sends HSTS only over https", () => {
    const secure = new Headers();
    applySecurityHeaders(secure, { csp: "", https: true });
    expect(secure.get("Strict-Transport-Security")).toMatch(/^max-age=\d+/);
    const plain = new Headers();
    applySecurityHeaders(plain, { csp: "", https: false });
    expect(plain.has("Strict-Transport-Security")).toBe(false);
  });

  it("replaces a CSP already on the response", () => {
    const headers = new Headers({ "Content-Security-Policy": "script-src *" });
    applySecurityHeaders(headers, { csp: "default-src 'self'", https: false });
    expect(headers.get("Content-Security-Policy")).toBe("default-src 'self'");
  });
});

describe("createNonce", () => {
  it("is 16 random bytes in base64", () => {
    const nonce = createNonce();
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(Buffer.from(nonce, "base64")).toHaveLength(16);
  });

  it("differs on every call", () => {
    const nonces = new Set(Array.from({ length: 50 }, () => createNonce()));
    expect(nonces.size).toBe(50);
  });
});
