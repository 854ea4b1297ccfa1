import { describe, expect, it } from "vitest";
import { linkAllowed, schemeOf, sourceAllowed } from "./safe-urls.ts";

describe("schemeOf", () => {
  it.each([
    ["HTTPS://example.com", "https"],
    ["MAILTO:FOO@BAR.BAZ", "mailto"],
    ["JaVaScRiPt:alert(1)", "javascript"],
    ["\u0001 \u001fjavascript:alert(1)", "javascript"],
    ["java\tscr\nipt:alert(1)", "javascript"],
    ["java\r\nscript:alert(1)", "javascript"],
    ["java%73cript:alert(1)", "javascript"],
    ["%6A%61%76%61%73%63%72%69%70%74%3Aalert(1)", "javascript"],
    ["a+b+c:d", "a+b+c"],
    ["/docs/a:b", undefined],
    ["foo):", undefined],
    ["#x:y", undefined],
    ["java script:x", undefined],
    ["%E0%A4%A", undefined],
  ])("reads %j as %j", (url, scheme) => {
    expect(schemeOf(url)).toBe(scheme);
  });
});

describe("links", () => {
  it.each([
    "https://example.com",
    "HTTPS://EXAMPLE.COM",
    "MAILTO:a@b.c",
    "tel:+1555",
    "irc://foo.bar:2233/baz",
    "/docs/x",
    "#x",
    "made-up-scheme://x",
    "localhost:5001/foo",
  ])("keep %j", (url) => {
    expect(linkAllowed(url)).toBe(true);
  });

  it.each([
    "javascript:alert(1)",
    "JAVASCRIPT:alert(1)",
    " \tjavascript:alert(1)",
    "\u000cjavascript:alert(1)",
    "jav\u0009ascript:alert(1)",
    "VBScript:msgbox(1)",
    "livescript:x",
    "DATA:text/html,x",
    "data:image/svg+xml;base64,PHN2Zz4=",
    "File:///etc/passwd",
    "blob:https://evil.example/1",
    "filesystem:https://evil.example/x",
    "mhtml:file://x",
    "java%73cript:alert(1)",
  ])("drop %j", (url) => {
    expect(linkAllowed(url)).toBe(false);
  });
});

describe("image sources", () => {
  it("keep http(s), in any case, and the site's own paths, and nothing else", () => {
    expect(["/media/x", "https://a.example/p.png", "HTTP://a.example/p.png"].map(sourceAllowed)).toEqual([
      true,
      true,
      true,
    ]);
    expect(["irc://x", "data:image/png;base64,x", "javascript:x", "File:///x"].map(sourceAllowed)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });
});
