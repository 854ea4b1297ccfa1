import { Hono } from "hono";
import { beforeAll, describe, expect, it } from "vitest";
import { testBuild } from "../../../tests/support/auth-harness.ts";
import type { AppEnv } from "../env.ts";
import { matchRoutes } from "react-router";
import { pageMethods, pageRequestGuard, routeMatcher, routeTree, type PageMethods } from "./page-requests.ts";

/**
 * The guard in front of React Router, over the production build's routes. Both cases here
 * were found by the HTTP fuzz (server/http/fuzz.test.ts): React Router answered them with
 * an error of its own, its internals in the body or a stack trace in the log.
 */
describe("the page request guard", () => {
  let methodsFor: (path: string, search?: string) => PageMethods;

  beforeAll(async () => {
    methodsFor = pageMethods((await testBuild()).serverBuild);
  });

  describe("which route a POST goes to", () => {
    it("is the page's own route, with its action", () => {
      expect(methodsFor("/dashboard/admin/users").allow).toEqual(["GET", "HEAD", "POST"]);
      expect(methodsFor("/dashboard/admin/users.data").allow).toEqual(["GET", "HEAD", "POST"]);
      expect(methodsFor("/about").allow).toEqual(["GET", "HEAD"]);
    });

    it("is an index route's layout unless the query says ?index, as React Router decides", () => {
      // Settings' action is its index route's; the layout at the same path has none.
      expect(methodsFor("/dashboard/settings").allow).toEqual(["GET", "HEAD"]);
      expect(methodsFor("/dashboard/settings.data").allow).toEqual(["GET", "HEAD"]);
      expect(methodsFor("/dashboard/settings", "?index").allow).toEqual(["GET", "HEAD", "POST"]);
      expect(methodsFor("/dashboard/settings.data", "?index&_routes=x").allow).toEqual(["GET", "HEAD", "POST"]);
      // `index` with a value is not React Router's marker.
      expect(methodsFor("/dashboard/settings", "?index=1").allow).toEqual(["GET", "HEAD"]);
      expect(methodsFor("/dashboard/settings").found).toBe(true);
    });
  });

  describe("the remembered route matches", () => {
    it("are React Router's own, worked out once per path, for the last 1,000 paths", async () => {
      const build = (await testBuild()).serverBuild;
      const match = routeMatcher(build);
      const tree = routeTree(build);
      const ids = (matches: readonly { route: { id?: string } }[] | null) => (matches ?? []).map((m) => m.route.id);
      for (const path of ["/", "/dashboard", "/dashboard/admin/users", "/docs/a/b", "/nowhere/at/all"]) {
        expect(ids(match(path))).toEqual(ids(matchRoutes(tree, path)));
      }
      const first = match("/dashboard");
      expect(match("/dashboard")).toBe(first);
      for (let n = 0; n < 1000; n += 1) match(`/unknown-${n}`);
      // Pushed out by a thousand others: worked out again, to the same answer.
      expect(match("/dashboard")).not.toBe(first);
      expect(ids(match("/dashboard"))).toEqual(ids(first));
    });
  });

  describe("answers", () => {
    let app: Hono<AppEnv>;
    const site = "http://127.0.0.1:3000";

    beforeAll(() => {
      app = new Hono<AppEnv>();
      app.all("*", pageRequestGuard(methodsFor, site), (c) => c.text("reached the page"));
    });

    const post = (path: string, headers: Record<string, string> = {}) =>
      app.request(`${site}${path}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
        body: "intent=x",
      });

    it("a POST to settings without ?index with 405, before React Router says it has no action", async () => {
      const response = await post("/dashboard/settings.data");
      expect(response.status).toBe(405);
      expect(response.headers.get("allow")).toBe("GET, HEAD");
      expect(await response.text()).toBe("This page does not accept POST requests: it accepts GET, HEAD.");
      expect(await (await post("/dashboard/settings?index")).text()).toBe("reached the page");
    });

    it.each([
      ["another site's", "https://evil.example"],
      ["an opaque", "null"],
      ["an unreadable", "not a url"],
      ["an empty", ""],
      ["another port's", "http://127.0.0.1:3001"],
    ])(
      "a POST with %s Origin with 403, before React Router's own check logs it as an error",
      async (_label, origin) => {
        const response = await post("/dashboard/admin/users", { origin });
        expect(response.status).toBe(403);
        expect(await response.text()).toBe("This request was sent from another site, so it was refused.");
      },
    );

    it("lets a POST through with the site's Origin, or none", async () => {
      expect(await (await post("/dashboard/admin/users", { origin: site })).text()).toBe("reached the page");
      expect(await (await post("/dashboard/admin/users")).text()).toBe("reached the page");
    });

    it("compares the Origin with the site's, not with the address the request arrived at (a proxy in front)", async () => {
      const proxied = await app.request("http://10.0.0.5:3000/dashboard/admin/users", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: site },
        body: "intent=x",
      });
      expect(await proxied.text()).toBe("reached the page");
    });
  });
});
