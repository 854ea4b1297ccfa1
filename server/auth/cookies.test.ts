import { describe, expect, it } from "vitest";
import { clearSessionCookie, readCookie, sessionCookie, sessionCookieName, sessionMaxAgeS } from "./cookies.ts";

function attributes(cookie: string): string[] {
  return cookie.split("; ").slice(1);
}

describe("session cookie", () => {
  it("over https is __Host- prefixed, HttpOnly, Secure, SameSite=Lax, Path=/, 7 days, with no Domain", () => {
    const cookie = sessionCookie("abc", true);
    expect(cookie.startsWith("__Host-densara_session=abc;")).toBe(true);
    expect(attributes(cookie)).toEqual(["Path=/", "HttpOnly", "SameSite=Lax", "Max-Age=604800", "Secure"]);
    expect(sessionMaxAgeS).toBe(604_800);
    expect(cookie).not.toMatch(/Domain=/i);
  });

  it("over plain http drops Secure and the __Host- prefix, which browsers would refuse", () => {
    const cookie = sessionCookie("abc", false);
    expect(cookie.startsWith("densara_session=abc;")).toBe(true);
    expect(attributes(cookie)).not.toContain("Secure");
    expect(attributes(cookie)).toContain("HttpOnly");
    expect(attributes(cookie)).toContain("SameSite=Lax");
  });

  it("is cleared with an empty value and Max-Age=0", () => {
    expect(clearSessionCookie(true)).toBe("__Host-densara_session=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0; Secure");
  });
});

describe("readCookie", () => {
  const name = sessionCookieName(true);

  it("finds the cookie among others", () => {
    expect(readCookie(`a=1; ${name}=tok_EN-9; b=2`, name)).toBe("tok_EN-9");
  });

  it.each([
    [undefined, "no header"],
    ["a=1; b=2", "absent"],
    [`${name}=`, "empty"],
    [`${name}=has spaces`, "malformed"],
    [`${name}=${"x".repeat(200)}`, "too long"],
    [`${name}=a%00b`, "characters a token never has"],
  ])("reads %j (%s) as absent", (header, reason) => {
    expect(readCookie(header, name), reason).toBeUndefined();
  });

  it("stops the value at the next cookie", () => {
    expect(readCookie(`${name}=abc;def=1`, name)).toBe("abc");
  });
});
