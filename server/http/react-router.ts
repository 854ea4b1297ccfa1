import type { HttpBindings } from "@hono/node-server";
import type { Context } from "hono";
import { RouterContextProvider, createRequestHandler, type RouterContext, type ServerBuild } from "react-router";
import type { HostedLogin, PortalServices, RequestAuth } from "../../app/lib/auth-context.ts";
import type { Config } from "../config.ts";
import type { Actor } from "../domain/authorization.ts";
import { hostedPagePrefixes } from "../idp/provider.ts";
import type { AppEnv } from "./env.ts";
import { csrfTokenFor } from "./security/csrf.ts";

/** What the app's server entry (app/entry.server.tsx) exports for the HTTP layer. */
type EntryExports = {
  nonceRouterContext: RouterContext<string>;
  noncePlaceholder: string;
  requestAuthContext: RouterContext<RequestAuth>;
  hostedLoginContext: RouterContext<HostedLogin | null>;
  portalContext: RouterContext<PortalServices | null>;
};

export function entryExports(build: ServerBuild): EntryExports {
  const module = build.entry.module as Partial<EntryExports>;
  if (
    !module.nonceRouterContext ||
    typeof module.noncePlaceholder !== "string" ||
    !module.requestAuthContext ||
    !module.hostedLoginContext ||
    !module.portalContext
  ) {
    throw new Error("the server build's entry does not export the router contexts the server fills in");
  }
  return module as EntryExports;
}

export function isHostedPage(path: string): boolean {
  return hostedPagePrefixes.some((prefix) => path.startsWith(prefix));
}

/**
 * Everything React Router answers (server-rendered pages, route actions, `.data`
 * requests, the 404 screen), with the router contexts filled in for this request.
 * Mounted after the session and CSRF middleware.
 */
export function reactRouterPages(options: {
  config: Config;
  build: ServerBuild;
  portal: (actor: Actor) => PortalServices;
  hostedLogin: ((bindings: HttpBindings, c: Context<AppEnv>) => HostedLogin) | undefined;
}) {
  const { build, portal, hostedLogin } = options;
  const exports = entryExports(build);
  const handleRequest = createRequestHandler(build, options.config.env);

  return async (c: Context<AppEnv>): Promise<Response> => {
    const context = new RouterContextProvider();
    context.set(exports.nonceRouterContext, c.get("nonce"));
    const current = c.get("session");
    const user = current?.session.user;
    context.set(exports.requestAuthContext, {
      user: user ? { id: user.id, name: user.name, email: user.email, picture: user.picture, role: user.role } : null,
      csrfToken: current ? csrfTokenFor(current.token) : null,
    });
    const actor = c.get("actor");
    if (actor) context.set(exports.portalContext, portal(actor));
    const hostedPage = isHostedPage(c.req.path);
    const { incoming, outgoing } = c.env;
    if (hostedLogin && hostedPage && incoming && outgoing) {
      context.set(exports.hostedLoginContext, hostedLogin({ incoming, outgoing }, c));
    }
    const response = await handleRequest(c.req.raw, context);
    // Pages built for one person, or for one sign-in in progress, are never stored.
    if ((current || hostedPage) && !response.headers.has("Cache-Control")) {
      response.headers.set("Cache-Control", "private, no-store");
    }
    return response;
  };
}
