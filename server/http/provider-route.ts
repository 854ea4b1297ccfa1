import { RESPONSE_ALREADY_SENT } from "@hono/node-server/utils/response";
import type { MiddlewareHandler } from "hono";
import { hasCookie } from "../auth/cookies.ts";
import { embeddedProviderPath, type EmbeddedProvider } from "../idp/provider.ts";
import type { AppEnv } from "./env.ts";
import { securityHeadersFor } from "./middleware/request-context.ts";
import { isHostedPage } from "./react-router.ts";

/** The embedded provider's session cookie (oidc-provider's default name). */
const providerSessionCookie = "_session";

/**
 * The embedded identity provider under `/idp/*`: it writes to the Node response itself
 * (it is a Koa app), with the site's security headers. Its hosted pages (sign-in, sign-up,
 * passwords) go on to React Router.
 */
export function embeddedProviderRoute(embedded: EmbeddedProvider): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (isHostedPage(c.req.path)) return next();
    // Signing out of a provider session the browser does not have: nothing to end, so
    // no provider session (and 8-hour cookie) is made just to ask. Back to the site.
    if (
      c.req.method === "GET" &&
      c.req.path === `${embeddedProviderPath}/session/end` &&
      !hasCookie(c.req.header("cookie"), providerSessionCookie)
    ) {
      return c.redirect("/", 303);
    }
    const { incoming, outgoing } = c.env;
    if (!incoming || !outgoing) return c.text("The identity provider needs the Node HTTP server.", 500);
    securityHeadersFor(c).forEach((value, name) => outgoing.setHeader(name, value));
    outgoing.setHeader("Cache-Control", "no-store");
    await embedded.handle(incoming, outgoing);
    return RESPONSE_ALREADY_SENT;
  };
}
