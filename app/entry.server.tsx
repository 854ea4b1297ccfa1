import { isbot } from "isbot";
import { renderToReadableStream, renderToStaticMarkup } from "react-dom/server";
import {
  ServerRouter,
  isRouteErrorResponse,
  type EntryContext,
  type HandleErrorFunction,
  type RouterContextProvider,
} from "react-router";
import { describeError, errorLogContext, loggedPath } from "../shared/contracts/error-log.ts";
import { Notices } from "./components/dashboard/notices.tsx";
import { NonceContext, nonceRouterContext } from "./lib/nonce.ts";
import type { SiteNotices } from "../shared/contracts/site-notices.ts";

export const streamTimeout = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  const nonce = loadContext.get(nonceRouterContext);
  let shellRendered = false;
  const body = await renderToReadableStream(
    <NonceContext value={nonce}>
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
    </NonceContext>,
    {
      nonce,
      signal: AbortSignal.timeout(streamTimeout + 1000),
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered && !request.signal.aborted) {
          loadContext.get(errorLogContext)("page render failed", {
            path: loggedPath(new URL(request.url).pathname),
            error: describeError(error),
          });
        }
      },
    },
  );
  shellRendered = true;

  // Crawlers get the whole document at once.
  const userAgent = request.headers.get("user-agent");
  if ((userAgent && isbot(userAgent)) || routerContext.isSpaMode) {
    await body.allReady;
  }

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}

/**
 * What React Router reports: a failure of ours goes to the server's log, once, as JSON.
 * A refusal the app meant (a 4xx, such as a form that was not a form) and a request
 * the browser gave up on are not failures.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  const cause =
    isRouteErrorResponse(error) && (error as { error?: unknown }).error ? (error as { error?: unknown }).error : error;
  context.get(errorLogContext)("request failed", {
    method: request.method,
    path: loggedPath(new URL(request.url).pathname),
    error: describeError(cause),
  });
};

// The HTTP server reads these from the build, so both sides share one context object.
export { nonceRouterContext, noncePlaceholder } from "./lib/nonce.ts";
export { hostedLoginContext, requestAuthContext } from "../shared/contracts/auth-context.ts";
export { apiContext } from "../shared/contracts/graphql-context.ts";
export { flashContext } from "../shared/contracts/flash.ts";
export { docsPreviewContext } from "../shared/contracts/docs-preview.ts";
export { appConfigContext } from "../shared/contracts/app-config.ts";
export { errorLogContext } from "../shared/contracts/error-log.ts";
export { formTicketContext } from "../shared/contracts/form-ticket.ts";
export { siteNoticesContext } from "../shared/contracts/site-notices.ts";
export { siteAnalyticsContext } from "../shared/contracts/analytics-context.ts";
export { submittedFormContext } from "../shared/contracts/submitted-form.ts";

/** The public layout's notices as HTML, for the server to put into prerendered pages (ADR 029). */
export function renderSiteNotices(notices: SiteNotices): string {
  return renderToStaticMarkup(<Notices notices={notices} />);
}
