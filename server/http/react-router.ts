import type { HttpBindings } from "@hono/node-server";
import type { Context } from "hono";
import { RouterContextProvider, createRequestHandler, type RouterContext, type ServerBuild } from "react-router";
import type { HostedLogin, RequestAuth } from "../../shared/contracts/auth-context.ts";
import type { ApiExecutor } from "../../shared/contracts/graphql-context.ts";
import { isFlash, type FlashBox } from "../../shared/contracts/flash.ts";
import { previewCookieMaxAgeS, type PreviewBox } from "../../shared/contracts/docs-preview.ts";
import type { AppConfig } from "../../shared/contracts/app-config.ts";
import type { ErrorLog } from "../../shared/contracts/error-log.ts";
import type { FormTicketIssuer } from "../../shared/contracts/form-ticket.ts";
import type { SiteNotices } from "../../shared/contracts/site-notices.ts";
import { thirdPartySources, type SiteAnalytics } from "../../shared/analytics.ts";
import type { AnalyticsBox } from "../../shared/contracts/analytics-context.ts";
import { hostCookieName, readCookie, serializeCookie } from "../auth/cookies.ts";
import type { Config } from "../config.ts";
import type { Logger } from "../log.ts";
import { isUploadedPicture } from "../domain/users/index.ts";
import { hostedPagePrefixes } from "../idp/provider.ts";
import type { AppEnv } from "./env.ts";
import { csrfTokenFor } from "./security/csrf.ts";
import { contentSecurityPolicy } from "./security/headers.ts";
import type { FormTickets } from "./security/form-tickets.ts";

/** What the app's server entry (app/entry.server.tsx) exports for the HTTP layer. */
type EntryExports = {
  nonceRouterContext: RouterContext<string>;
  noncePlaceholder: string;
  requestAuthContext: RouterContext<RequestAuth>;
  hostedLoginContext: RouterContext<HostedLogin | null>;
  apiContext: RouterContext<ApiExecutor | null>;
  flashContext: RouterContext<FlashBox>;
  docsPreviewContext: RouterContext<PreviewBox>;
  appConfigContext: RouterContext<AppConfig>;
  errorLogContext: RouterContext<ErrorLog>;
  formTicketContext: RouterContext<FormTicketIssuer | null>;
  siteNoticesContext: RouterContext<SiteNotices | null>;
  siteAnalyticsContext: RouterContext<AnalyticsBox | null>;
  submittedFormContext: RouterContext<FormData | null>;
  renderSiteNotices: (notices: SiteNotices) => string;
};

export function entryExports(build: ServerBuild): EntryExports {
  const module = build.entry.module as Partial<EntryExports>;
  if (
    !module.nonceRouterContext ||
    typeof module.noncePlaceholder !== "string" ||
    !module.requestAuthContext ||
    !module.hostedLoginContext ||
    !module.apiContext ||
    !module.flashContext ||
    !module.docsPreviewContext ||
    !module.appConfigContext ||
    !module.errorLogContext ||
    !module.formTicketContext ||
    !module.siteNoticesContext ||
    !module.siteAnalyticsContext ||
    !module.submittedFormContext ||
    typeof module.renderSiteNotices !== "function"
  ) {
    throw new Error("the server build's entry does not export the router contexts the server fills in");
  }
  return module as EntryExports;
}

/** A flash message lives a minute at most: long enough for the redirect that follows the form. */
const flashMaxAgeS = 60;

function readFlash(cookie: string | undefined): FlashBox["incoming"] {
  if (!cookie) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(cookie, "base64url").toString("utf8"));
    return isFlash(value) ? value : null;
  } catch {
    return null;
  }
}

export function isHostedPage(path: string): boolean {
  return hostedPagePrefixes.some((prefix) => path.startsWith(prefix));
}

/**
 * Everything React Router answers (server-rendered pages, route actions, `.data`
 * requests, the 404 screen), with the router contexts filled in for this request.
 * Mounted after the session and CSRF middleware.
 */
/**
 * The request as React Router should see it: at the site's own origin (PUBLIC_URL).
 * Behind a proxy that ends TLS, or passes another Host, the URL Node builds is not the
 * one the browser used, and React Router's check of a form's Origin against it would
 * refuse every write. Reads keep their request as it is (no copy). A write whose form the
 * server already read (`bodyRead`) goes on without its spent body: the action takes the
 * form from the router context.
 */
function atSiteOrigin(request: Request, siteOrigin: string, bodyRead = false): Request {
  if (request.method === "GET" || request.method === "HEAD") return request;
  const url = new URL(request.url);
  if (bodyRead) {
    // Without a body, no header may say there is one.
    const headers = new Headers(request.headers);
    headers.delete("content-length");
    headers.delete("transfer-encoding");
    return new Request(new URL(`${url.pathname}${url.search}`, siteOrigin), {
      method: request.method,
      headers,
      signal: request.signal,
    });
  }
  if (url.origin === siteOrigin) return request;
  // A streamed body needs duplex "half" (Node's fetch), which the DOM typings do not list.
  const init: RequestInit & { duplex: "half" } = {
    method: request.method,
    headers: request.headers,
    body: request.body,
    signal: request.signal,
    duplex: "half",
  };
  return new Request(new URL(`${url.pathname}${url.search}`, siteOrigin), init);
}

export function reactRouterPages(options: {
  config: Config;
  build: ServerBuild;
  /** The app's GraphQL operations, in-process, for the person making this request. */
  api: (c: Context<AppEnv>) => ApiExecutor;
  hostedLogin: ((bindings: HttpBindings, c: Context<AppEnv>) => HostedLogin) | undefined;
  /** Tickets for the public forms a page renders (the prerendered ones get theirs as they are served). */
  formTickets: FormTickets;
  /** The notices showing now, as the public pages kept in memory show them (ADR 029). */
  notices: () => SiteNotices | null;
  /** The analytics loaders on now, as the public pages kept in memory carry them (ADR 030). */
  analytics: () => SiteAnalytics | null;
  log: Logger;
}) {
  const { build, api, hostedLogin } = options;
  const siteOrigin = options.config.publicUrl.origin;
  const exports = entryExports(build);
  const handleRequest = createRequestHandler(build, options.config.env);
  const appConfig: AppConfig = { buildPollMs: options.config.buildPollMs, publicOrigin: siteOrigin };
  const errorLog: ErrorLog = (message, fields) => options.log.error(message, fields);
  const { formTickets } = options;
  const issueFormTicket: FormTicketIssuer = {
    issue: () => formTickets.issue(new Date()),
    reuse: (submitted) => {
      const now = new Date();
      const check = submitted ? formTickets.check(submitted, now) : "invalid";
      return submitted && (check === "fresh" || check === "too-soon") ? submitted : formTickets.issue(now);
    },
  };

  return async (c: Context<AppEnv>): Promise<Response> => {
    const context = new RouterContextProvider();
    context.set(exports.nonceRouterContext, c.get("nonce"));
    const current = c.get("session");
    const user = current?.session.user;
    context.set(exports.requestAuthContext, {
      user: user
        ? {
            id: user.id,
            name: user.name,
            email: user.email,
            picture: isUploadedPicture(user.picture) ? user.picture : null,
            role: user.role,
          }
        : null,
      csrfToken: current ? csrfTokenFor(current.token) : null,
    });
    context.set(exports.apiContext, api(c));
    context.set(exports.appConfigContext, appConfig);
    context.set(exports.errorLogContext, errorLog);
    context.set(exports.formTicketContext, issueFormTicket);
    context.set(exports.siteNoticesContext, options.notices());
    const analytics: AnalyticsBox = { analytics: options.analytics(), placed: false };
    context.set(exports.siteAnalyticsContext, analytics);
    const https = c.get("https");
    const flashCookie = hostCookieName("densara_flash", https);
    const arriving = readCookie(c.req.header("cookie"), flashCookie, 2048);
    const flash: FlashBox = { incoming: readFlash(arriving), outgoing: null };
    context.set(exports.flashContext, flash);
    // Preview mode (spec §4) for signed-in readers of the docs; the docs pages decide what it shows.
    const previewCookie = hostCookieName("densara_docs_preview", https);
    const preview: PreviewBox = {
      incoming: current ? (readCookie(c.req.header("cookie"), previewCookie, 256) ?? null) : null,
      outgoing: undefined,
    };
    context.set(exports.docsPreviewContext, preview);
    const hostedPage = isHostedPage(c.req.path);
    const { incoming, outgoing } = c.env;
    if (hostedLogin && hostedPage && incoming && outgoing) {
      context.set(exports.hostedLoginContext, hostedLogin({ incoming, outgoing }, c));
    }
    const form = c.get("submittedForm");
    context.set(exports.submittedFormContext, form ?? null);
    const response = await handleRequest(atSiteOrigin(c.req.raw, siteOrigin, form !== undefined), context);
    // A public page that carries the loaders' data block may load them: their hosts, and no others.
    if (analytics.placed && analytics.analytics) {
      c.set(
        "contentSecurityPolicy",
        contentSecurityPolicy({ nonce: c.get("nonce"), https, thirdParty: thirdPartySources(analytics.analytics) }),
      );
    }
    if (flash.outgoing || arriving) {
      // The redirect after a form carries the message; the page it lands on clears it.
      const value = flash.outgoing ? Buffer.from(JSON.stringify(flash.outgoing)).toString("base64url") : "";
      response.headers.append(
        "Set-Cookie",
        serializeCookie(flashCookie, value, { https, maxAgeS: flash.outgoing ? flashMaxAgeS : 0 }),
      );
    }
    if (preview.outgoing !== undefined) {
      response.headers.append(
        "Set-Cookie",
        serializeCookie(previewCookie, preview.outgoing ?? "", {
          https,
          maxAgeS: preview.outgoing ? previewCookieMaxAgeS : 0,
        }),
      );
    }
    // Pages built for one person, or for one sign-in in progress, are never stored.
    if ((current || hostedPage) && !response.headers.has("Cache-Control")) {
      response.headers.set("Cache-Control", "private, no-store");
    }
    return response;
  };
}
