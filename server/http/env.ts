import type { HttpBindings } from "@hono/node-server";
import type { ActiveSession } from "../domain/users/session-store.ts";
import type { Actor } from "../domain/core/access.ts";

/** A request's session, when its cookie names a live one. */
type RequestSession = { token: string; session: ActiveSession };

/**
 * What the server's middleware knows about a request, in Hono's context. `session` and
 * `actor` are set only where the session middleware is mounted (pages, /graphql).
 */
export type AppEnv = {
  /** `liveRender`: the server's own render of a page it keeps in memory (ADR 029), never answered from memory. */
  Bindings: Partial<HttpBindings> & { liveRender?: boolean };
  Variables: {
    /** The request's id: on every log line of the request, and in the answer's `X-Request-Id`. */
    requestId: string;
    nonce: string;
    https: boolean;
    session: RequestSession | null;
    /** Who is asking: from the session cookie or a personal access token; null when anonymous. */
    actor: Actor | null;
    /** The form a write carried, once the CSRF check has read it: the page's action takes it from here. */
    submittedForm: FormData | undefined;
    /** A route that needs another Content-Security-Policy than the site's (GraphiQL) sets it here. */
    contentSecurityPolicy: string | undefined;
  };
};
