import type { Handler, MiddlewareHandler } from "hono";
import type { ServerBuild } from "react-router";
import type { SessionStore } from "../domain/users/session-store.ts";
import type { Logger } from "../log.ts";
import type { AppEnv } from "./env.ts";
import { requestBodyLimit } from "./middleware/body-limit.ts";
import { requireCsrfToken } from "./middleware/csrf.ts";
import { pageMethods, pageRequestGuard } from "./middleware/page-requests.ts";
import { sessionReader } from "./middleware/session.ts";
import { providerPage, type ProviderPageOptions } from "../web/pages.ts";
import { isPublicForm } from "./public-forms.ts";
import { isHostedPage } from "./react-router.ts";

/** Route actions get forms and small JSON; anything larger is refused as it arrives. */
const pageBodyLimit = 256 * 1024;

/** The docs editor, whose form carries a whole doc (200,000 characters in any script). */
const longTextPages = /^\/docs\/(?:add|edit)(?:\.data)?$/;

/** The pages whose forms upload files (your settings: your picture). */
const uploadPages = /^\/dashboard\/settings(?:\.data|\/|$)/;

type Step = MiddlewareHandler<AppEnv>;

/**
 * What runs in front of React Router, in order: a guard that answers malformed paths and
 * methods a page does not accept, the session, a body limit, then the CSRF token on
 * cookie-authenticated writes; then the page itself.
 */
export function pageRoute(options: {
  build: ServerBuild;
  origin: string;
  sessions: SessionStore;
  log: Logger;
  pages: ProviderPageOptions;
  page: Handler<AppEnv>;
}): [Step, Step, Step, Step, Handler<AppEnv>] {
  return [
    // Requests React Router could only answer with an error get a clear 4xx first.
    pageRequestGuard(pageMethods(options.build), options.origin),
    sessionReader(options.sessions, options.log),
    // Before the CSRF check, which reads a form's fields: no body is read past its limit.
    requestBodyLimit({
      maxSize: pageBodyLimit,
      allowsUpload: (c) => uploadPages.test(c.req.path),
      takesLongText: (c) => longTextPages.test(c.req.path),
      refuse: (c, upload) =>
        c.text(upload ? "That file is too large: a picture may be 5 MB at most." : "That request is too large.", 413),
    }),
    requireCsrfToken({
      // The hosted pages are bound to their sign-in by the provider's own cookies instead;
      // the public forms are sent as a visitor (public-forms.ts).
      exempt: (path) => isHostedPage(path) || isPublicForm(path),
      refuse: (c) =>
        c.html(
          providerPage(options.pages, {
            title: "This form had expired",
            body: `<h1 class="text-3xl font-bold tracking-tight">This form had expired</h1>
<p>Nothing was changed. Go back, reload the page and try again.</p>`,
          }),
          403,
          { "Cache-Control": "no-store" },
        ),
    }),
    options.page,
  ];
}
