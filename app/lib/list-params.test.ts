import { describe, expect, it } from "vitest";
import { enumParam, pageParams, pageSize, searchParam, withParams } from "./list-params.ts";

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

  it("read a known value, and nothing from an absent or empty parameter", () => {
    const sorts = { name: "Name", email: "Email" };
    expect(enumParam(new URLSearchParams("sort=email"), "sort", sorts)).toBe("email");
    expect(enumParam(new URLSearchParams(""), "sort", sorts)).toBeUndefined();
    expect(enumParam(new URLSearchParams("sort="), "sort", sorts)).toBeUndefined();
  });

  it("refuse a value they do not know with a 400 that names the parameter, never reading it as another", () => {
    let thrown: unknown;
    try {
      enumParam(new URLSearchParams("role=superuser"), "role", { admin: "Admin", viewer: "Viewer" });
    } catch (error) {
      thrown = error;
    }
    // React Router's data() answer, as a loader throws it.
    const answer = thrown as { init: { status: number }; data: { message: string } };
    expect(answer.init.status).toBe(400);
    expect(answer.data.message).toMatch(/role "superuser".*one of: admin, viewer/);
  });

  it("trim the search text to 100 characters", () => {
    expect(searchParam(new URLSearchParams(`q=${"x".repeat(150)}`))).toHaveLength(100);
    expect(searchParam(new URLSearchParams("q=%20%20"))).toBeUndefined();
  });
});
