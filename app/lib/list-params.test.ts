import { describe, expect, it } from "vitest";
import { oneOf, pageParams, pageSize, searchParam, withParams } from "./list-params.ts";

describe("list URLs", () => {
  it("set and drop parameters, keeping the others", () => {
    expect(withParams("?q=ann&role=admin&after=x", { after: null, sort: "name" })).toBe("?q=ann&role=admin&sort=name");
    expect(withParams("?q=ann", { q: "" })).toBe("");
  });

  it("read a page from after or before", () => {
    expect(pageParams(new URLSearchParams(""))).toEqual({ first: pageSize });
    expect(pageParams(new URLSearchParams("after=abc"))).toEqual({ first: pageSize, after: "abc" });
    expect(pageParams(new URLSearchParams("before=abc&after=x"))).toEqual({ last: pageSize, before: "abc" });
  });

  it("accept only known values, falling back otherwise", () => {
    expect(oneOf("name", ["name", "email"] as const, "email")).toBe("name");
    expect(oneOf("drop table", ["name", "email"] as const, "email")).toBe("email");
    expect(oneOf(null, ["name"] as const)).toBeUndefined();
  });

  it("trim the search text to 100 characters", () => {
    expect(searchParam(new URLSearchParams(`q=${"x".repeat(150)}`))).toHaveLength(100);
    expect(searchParam(new URLSearchParams("q=%20%20"))).toBeUndefined();
  });
});
