import { Hono, type Context } from "hono";
import type { Database } from "../db/client.ts";
import { graphQLContext, type GraphQLDeps } from "../graphql/context.ts";
import type { GraphQLServer } from "../graphql/yoga.ts";
import type { AppEnv } from "./env.ts";
import { requestBodyLimit } from "./middleware/body-limit.ts";
import { requestInfo } from "./request-info.ts";
import { callerOf } from "./caller.ts";
import { bodyBrokenOff } from "./transfers.ts";

/**
 * GraphQL requests are JSON (uploads, multipart, may be larger); a larger body is refused
 * as it arrives. The longest input is a doc of 200,000 characters, which JSON may carry
 * escaped (`\u8a9e`, 6 bytes a character).
 */
const graphqlBodyLimit = 1536 * 1024;

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
            : "That request is too large: a GraphQL request may be 1.5 MB at most.",
        ),
    }),
  );
  routes.on(["GET", "POST"], "/", async (c) => {
    const caller = await callerOf(c, deps.db, ["POST"]);
    if (!caller.ok) return refuse(c, caller.status, caller.code, caller.message, caller.headers);
    const { actor, user, sessionId, csrfToken } = caller;
    const unparsable = await unparsableParameter(c);
    if (unparsable) return refuse(c, 400, "BAD_REQUEST", `The "${unparsable}" parameter is not valid JSON.`);
    const context = graphQLContext(deps, { actor, user, sessionId, info: requestInfo(c, options.proxyHops) });
    let response: Response;
    try {
      response = await server.fetch(c.req.raw, { ...context, csrfToken });
    } catch (thrown) {
      // The client went away: Yoga gives up with the abort's reason (a string, which Hono's
      // error handler would not take). A body that broke off (an upload cut short) ran nothing.
      if (!c.req.raw.signal.aborted) throw thrown instanceof Error ? thrown : new Error(String(thrown));
      return bodyBrokenOff(c.env.incoming)
        ? refuse(c, 400, "BAD_REQUEST", "The request broke off before it all arrived: nothing was done.")
        : refuse(c, 400, "BAD_REQUEST", "The connection closed before the answer was ready.");
    }
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
