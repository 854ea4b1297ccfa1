import type { MiddlewareHandler } from "hono";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import type { AppEnv } from "../env.ts";

type Route = { id: string; parentId?: string; path?: string; index?: boolean; caseSensitive?: boolean };

/** What one address accepts: always GET and HEAD; POST where the route a POST goes to has an action. */
export type PageMethods = { allow: readonly string[]; found: boolean };

/** A path "matches" only a catch-all ("*") route when no page is there. */
const isCatchAll = (path: string | undefined) => path === "*" || (path?.endsWith("/*") ?? false);

type Matches = readonly NonNullable<ReturnType<typeof matchRoutes<RouteObject>>>[number][];

/**
 * The route whose action a POST runs, as React Router picks it: an index route only when
 * the query has a bare `index` (its forms post to "?index"), otherwise the deepest match
 * with a path of its own. Any other match's action is not run, however deep it is.
 */
function actionTarget(matches: Matches, search: string): Matches[number] | undefined {
  const deepest = matches.at(-1);
  if (deepest?.route.index && new URLSearchParams(search).getAll("index").includes("")) return deepest;
  return matches.filter((match, index) => index === 0 || (match.route.path ?? "").length > 0).at(-1);
}

/** The server build's routes as the nested tree `matchRoutes` takes. */
export function routeTree(build: ServerBuild): RouteObject[] {
  const routes = Object.values(build.routes).filter((route): route is NonNullable<typeof route> => !!route);
  const childrenOf = (parentId: string | undefined): RouteObject[] =>
    routes
      .filter((route: Route) => route.parentId === parentId)
      .map((route: Route): RouteObject => {
        const children = childrenOf(route.id);
        return route.index
          ? { id: route.id, path: route.path, index: true, caseSensitive: route.caseSensitive }
          : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children };
      });
  return childrenOf(undefined);
}

const rememberedPaths = 1000;

/**
 * React Router's `matchRoutes` over the build's routes, remembered per path: it flattens
 * and ranks the whole route tree on every call, some 0.3 ms of each request, and the
 * paths a site is asked for repeat. The last 1,000 paths are kept. The matches are shared:
 * read them, never change them.
 */
export function routeMatcher(build: ServerBuild): (path: string) => Matches {
  const tree = routeTree(build);
  const known = new Map<string, Matches>();
  return (path) => {
    let matches = known.get(path);
    if (!matches) {
      matches = matchRoutes(tree, path) ?? [];
      if (known.size >= rememberedPaths) known.delete(known.keys().next().value ?? "");
      known.set(path, matches);
    }
    return matches;
  };
}

/**
 * The route pattern an address is answered by (`/dashboard/devices/:serial`), for the
 * metrics' labels: bounded by the build's routes, never the address itself. Single fetch's
 * data requests get `.data` after the pattern. (A 404 is labelled "(unmatched)" by the
 * caller, whichever route drew it.)
 */
export function pagePatterns(build: ServerBuild): (path: string) => string {
  const match = routeMatcher(build);
  return (path) => {
    const data = path.endsWith(".data");
    const page = path === "/_root.data" ? "/" : data ? path.slice(0, -".data".length) : path;
    const matches = match(page);
    if (matches.length === 0) return "(unmatched)";
    const pattern = `/${matches
      .map((each) => each.route.path ?? "")
      .filter(Boolean)
      .join("/")}`.replace(/\/{2,}/g, "/");
    return data ? `${pattern}.data` : pattern;
  };
}

/** Which methods an address accepts, from the server build's routes. */
export function pageMethods(build: ServerBuild): (path: string, search?: string) => PageMethods {
  const routes = Object.values(build.routes).filter((route): route is NonNullable<typeof route> => !!route);
  const withAction = new Set(routes.filter((route) => typeof route.module.action === "function").map((r) => r.id));
  const match = routeMatcher(build);
  return (path, search = "") => {
    // Single fetch asks for "/page.data" (and "/_root.data" for "/").
    const page = path === "/_root.data" ? "/" : path.replace(/\.data$/, "");
    const matches = match(page);
    const deepest = matches.at(-1)?.route;
    const found = deepest !== undefined && !isCatchAll(deepest.path);
    const target = actionTarget(matches, search)?.route.id;
    const posts = target !== undefined && withAction.has(target);
    return { allow: posts ? ["GET", "HEAD", "POST"] : ["GET", "HEAD"], found };
  };
}

export function decodes(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * React Router's own CSRF check on a write: the Origin header, when sent, must be the
 * origin of the URL it is handed, which is the site's own (PUBLIC_URL; see
 * reactRouterPages). Otherwise it answers 400 and reports the refusal as an error,
 * stack and all. The site's check before it (refuseCrossSiteWrites) trusts
 * Sec-Fetch-Site over Origin, so a request can pass that one and fail this one:
 * `Sec-Fetch-Site: same-origin` with another Origin.
 */
function failsRouterOriginCheck(origin: string | undefined, siteOrigin: string): boolean {
  if (origin === undefined) return false;
  return !URL.canParse(origin) || new URL(origin).origin !== siteOrigin;
}

/**
 * In front of React Router: a request it could only answer with an error (and a stack
 * trace in the log) gets a short, clear 4xx instead. A path with a broken percent-escape
 * is 400; OPTIONS says what the address accepts; a method the address does not accept
 * is 405 with `Allow` (or 404 where no page is); a write whose Origin is not the
 * request's own is 403.
 */
export function pageRequestGuard(
  methodsFor: (path: string, search: string) => PageMethods,
  siteOrigin: string,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const refuse = (status: 400 | 403 | 404 | 405, message: string, headers: Record<string, string> = {}) =>
      c.text(message, status, { "Cache-Control": "no-store", ...headers });
    const url = new URL(c.req.url);
    const rawPath = url.pathname;
    if (!decodes(rawPath)) {
      return refuse(400, "This address is not valid: it has a broken percent-escape (such as %E0%A4%A).");
    }
    const method = c.req.method;
    if (method === "GET" || method === "HEAD") return next();
    const { allow, found } = methodsFor(c.req.path, url.search);
    if (method === "OPTIONS") return c.body(null, 204, { Allow: allow.join(", "), "Cache-Control": "no-store" });
    if (allow.includes(method)) {
      if (failsRouterOriginCheck(c.req.header("origin"), siteOrigin)) {
        return refuse(403, "This request was sent from another site, so it was refused.");
      }
      return next();
    }
    if (!found) return refuse(404, "There is no page at this address.");
    return refuse(405, `This page does not accept ${method.slice(0, 16)} requests: it accepts ${allow.join(", ")}.`, {
      Allow: allow.join(", "),
    });
  };
}
