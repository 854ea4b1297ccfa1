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

  it("refuse a search holding a control character, never showing it in the answer", () => {
    for (const search of ["a%0Ab", "a%0Db", "a%00b", "a%01b", "a%0Bb", "a%E2%80%AEb"]) {
      let thrown: unknown;
      try {
        searchParam(new URLSearchParams(`q=${search}`));
      } catch (error) {
        thrown = error;
      }
      const answer = thrown as { init: { status: number }; data: { message: string } };
      expect(answer.init.status, search).toBe(400);
      expect(answer.data.message).toContain('q "a');
      expect(answer.data.message).toContain("one line of text, without control characters");
      expect(answer.data.message).not.toMatch(/[\n\r\u202e]/);
    }
    // Around the words, spaces and line breaks are only trimmed.
    expect(searchParam(new URLSearchParams("q=%0Acalibration%0D%0A"))).toBe("calibration");
  });

  it("trim the search text to 100 characters", () => {
    expect(searchParam(new URLSearchParams(`q=${"x".repeat(150)}`))).toHaveLength(100);
    expect(searchParam(new URLSearchParams("q=%20%20"))).toBeUndefined();
  });
});
