import { Hono, type Context } from "hono";
import { clearSessionCookie, hasCookie, sessionCookieName } from "../auth/cookies.ts";
import type { Database } from "../db/client.ts";
import { authenticateToken } from "../domain/tokens/index.ts";
import { graphQLContext, type GraphQLDeps } from "../graphql/context.ts";
import type { GraphQLServer } from "../graphql/yoga.ts";
import type { AppEnv } from "./env.ts";
import { requestBodyLimit } from "./middleware/body-limit.ts";
import { requestInfo } from "./request-info.ts";
import { csrfTokenFor, csrfTokenMatches } from "./security/csrf.ts";

/** GraphQL requests are small JSON (uploads, multipart, may be larger); a larger body is refused as it arrives. */
const graphqlBodyLimit = 100 * 1024;

/**
 * The credentials of an Authorization header: `Bearer <token>`, or a token alone (spec §6:
 * a token without a scheme word is read as Bearer). Another scheme gives none.
 */
export function bearerToken(header: string): string | null {
  const trimmed = header.trim();
  const match = /^(\S+)\s+(\S+)$/.exec(trimmed);
  if (match) return match[1]?.toLowerCase() === "bearer" ? (match[2] ?? null) : null;
  return /^\S+$/.test(trimmed) ? trimmed : null;
}

function refuse(
  c: Context,
  status: 400 | 401 | 403 | 413,
  code: string,
  message: string,
  headers: Record<string, string> = {},
) {
  return c.json({ errors: [{ message, extensions: { code } }] }, status, { "Cache-Control": "no-store", ...headers });
}

/** Yoga's test for a form-encoded POST (its request parser's, exactly: case and all). */
function isFormEncoded(contentType: string | undefined): boolean {
  const type = contentType?.split(",")[0] ?? "";
  return type === "application/x-www-form-urlencoded" || type.startsWith("application/x-www-form-urlencoded;");
}

/**
 * The parameter of a request that Yoga reads as URL parameters (a GET's query string, a
 * form-encoded POST's body) whose `variables` or `extensions` is not JSON, if one is:
 * Yoga would throw on it as on a fault of ours (logged with its stack, and "Something went
 * wrong" to the client) where it is the client's mistake.
 */
async function unparsableParameter(c: Context): Promise<string | null> {
  let parameters: URLSearchParams;
  if (c.req.method !== "POST") {
    // As Yoga reads a GET: everything after the first "?", a fragment too.
    parameters = new URLSearchParams(c.req.url.slice(c.req.url.indexOf("?") + 1));
  } else if (isFormEncoded(c.req.header("content-type"))) {
    parameters = new URLSearchParams(await c.req.raw.clone().text());
  } else {
    return null;
  }
  for (const name of ["variables", "extensions"]) {
    const value = parameters.get(name);
    if (!value) continue;
    try {
      JSON.parse(value);
    } catch {
      return name;
    }
  }
  return null;
}

/**
 * /graphql: a personal access token (Authorization) or the session cookie says who is
 * asking. Cookie-authenticated requests carry the session's CSRF token in
 * `X-CSRF-Token`; ended credentials get a 401, so the client can drop them and go on
 * as the anonymous viewer. Mounted after the session middleware.
 */
export function graphqlRoutes(options: {
  server: GraphQLServer;
  deps: GraphQLDeps & { db: Database };
  /** TRUST_PROXY: how many proxies append to X-Forwarded-For. */
  proxyHops: number;
  /** The CSP of the GraphiQL page: its bundle needs inline styles and blob: workers. */
  graphiqlPolicy: (nonce: string) => string;
}): Hono<AppEnv> {
  const { server, deps } = options;
  const routes = new Hono<AppEnv>();
  routes.use(
    requestBodyLimit({
      maxSize: graphqlBodyLimit,
      allowsUpload: () => true,
      refuse: (c, upload) =>
        refuse(
          c,
          413,
          "BAD_REQUEST",
          upload
            ? "That request is too large: a file may be 5 MB at most."
            : "That request is too large: a GraphQL request may be 100 KB at most.",
        ),
    }),
  );
  routes.on(["GET", "POST"], "/", async (c) => {
    const https = c.get("https");
    const authorization = c.req.header("authorization");
    const current = c.get("session");
    let actor = null;
    let user = null;
    let sessionId: string | null = null;
    let csrfToken: string | null = null;
    if (authorization !== undefined) {
      const token = bearerToken(authorization);
      const authenticated = token ? await authenticateToken(deps.db, token) : null;
      if (!authenticated) {
        return refuse(c, 401, "UNAUTHENTICATED", "That access token is not valid: it is unknown, revoked or expired.", {
          "WWW-Authenticate": 'Bearer error="invalid_token"',
        });
      }
      actor = authenticated.actor;
      user = authenticated.user;
    } else if (current) {
      actor = c.get("actor");
      user = current.session.user;
      sessionId = current.session.id;
      csrfToken = csrfTokenFor(current.token);
      if (c.req.method === "POST" && !csrfTokenMatches(current.token, c.req.header("x-csrf-token"))) {
        return refuse(
          c,
          403,
          "FORBIDDEN",
          "This request did not carry the page's security token. Reload the page and try again.",
        );
      }
    } else if (hasCookie(c.req.header("cookie"), sessionCookieName(https))) {
      return refuse(c, 401, "UNAUTHENTICATED", "Your session has ended. Sign in again to go on.", {
        "Set-Cookie": clearSessionCookie(https),
      });
    }
    const unparsable = await unparsableParameter(c);
    if (unparsable) return refuse(c, 400, "BAD_REQUEST", `The "${unparsable}" parameter is not valid JSON.`);
    const context = graphQLContext(deps, { actor, user, sessionId, info: requestInfo(c, options.proxyHops) });
    const response = await server.fetch(c.req.raw, { ...context, csrfToken });
    if (response.headers.get("content-type")?.startsWith("text/html")) {
      // GraphiQL: its one inline script runs with this response's nonce.
      const nonce = c.get("nonce");
      c.set("contentSecurityPolicy", options.graphiqlPolicy(nonce));
      const html = (await response.text()).replaceAll("<script>", `<script nonce="${nonce}">`);
      return c.html(html, 200, { "Cache-Control": "no-store" });
    }
    // Yoga's Response is its fetch library's own class, not this runtime's: Hono answers HEAD
    // with `new Response(null, response)` and the Node adapter then read its headers object as
    // a plain record (a 500). Copied into a Response of this runtime, every path reads it.
    const headers = new Headers(response.headers);
    headers.set("Cache-Control", "no-store");
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  });
  return routes;
}
