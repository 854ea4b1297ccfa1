import type { MiddlewareHandler } from "hono";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import type { AppEnv } from "../env.ts";

type Route = { id: string; parentId?: string; path?: string; index?: boolean; caseSensitive?: boolean };

/** What one address accepts: always GET and HEAD; POST where a matched route has an action. */
export type PageMethods = { allow: readonly string[]; found: boolean };

/** A path "matches" only a catch-all ("*") route when no page is there. */
const isCatchAll = (path: string | undefined) => path === "*" || (path?.endsWith("/*") ?? false);

/** The route tree of the server build, for asking which methods an address accepts. */
export function pageMethods(build: ServerBuild): (path: string) => PageMethods {
  const routes = Object.values(build.routes).filter((route): route is NonNullable<typeof route> => !!route);
  const withAction = new Set(routes.filter((route) => typeof route.module.action === "function").map((r) => r.id));
  const childrenOf = (parentId: string | undefined): RouteObject[] =>
    routes
      .filter((route: Route) => route.parentId === parentId)
      .map((route: Route): RouteObject => {
        const children = childrenOf(route.id);
        return route.index
          ? { id: route.id, path: route.path, index: true, caseSensitive: route.caseSensitive }
          : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children };
      });
  const tree = childrenOf(undefined);
  return (path) => {
    // Single fetch asks for "/page.data" (and "/_root.data" for "/").
    const page = path === "/_root.data" ? "/" : path.replace(/\.data$/, "");
    const matches = matchRoutes(tree, page) ?? [];
    const deepest = matches.at(-1)?.route;
    const found = deepest !== undefined && !isCatchAll(deepest.path);
    const posts = matches.some((match) => match.route.id !== undefined && withAction.has(match.route.id));
    return { allow: posts ? ["GET", "HEAD", "POST"] : ["GET", "HEAD"], found };
  };
}

function decodes(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * In front of React Router: a request it could only answer with an error (and a stack
 * trace in the log) gets a short, clear 4xx instead. A path with a broken percent-escape
 * is 400; OPTIONS says what the address accepts; a method the address does not accept
 * is 405 with `Allow` (or 404 where no page is).
 */
export function pageRequestGuard(methodsFor: (path: string) => PageMethods): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const refuse = (status: 400 | 404 | 405, message: string, headers: Record<string, string> = {}) =>
      c.text(message, status, { "Cache-Control": "no-store", ...headers });
    const rawPath = new URL(c.req.url).pathname;
    if (!decodes(rawPath)) {
      return refuse(400, "This address is not valid: it has a broken percent-escape (such as %E0%A4%A).");
    }
    const method = c.req.method;
    if (method === "GET" || method === "HEAD") return next();
    const { allow, found } = methodsFor(c.req.path);
    if (method === "OPTIONS") return c.body(null, 204, { Allow: allow.join(", "), "Cache-Control": "no-store" });
    if (allow.includes(method)) return next();
    if (!found) return refuse(404, "There is no page at this address.");
    return refuse(405, `This page does not accept ${method.slice(0, 16)} requests: it accepts ${allow.join(", ")}.`, {
      Allow: allow.join(", "),
    });
  };
}
