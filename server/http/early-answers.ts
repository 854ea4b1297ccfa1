import { siteAnalyticsFrom, thirdPartySources } from "../../shared/analytics.ts";
import { livePaths } from "../../shared/public-paths.ts";
import type { SiteNotices } from "../../shared/contracts/site-notices.ts";
import { createEarlySessionAnswerer } from "./auth-routes.ts";
import { createSessionAnswers } from "../auth/session-answers.ts";
import type { Config } from "../config.ts";
import type { readSiteAnalytics, readSiteNotices } from "../domain/settings/index.ts";
import type { Logger } from "../log.ts";
import type { AppBuild } from "./build.ts";
import { createBuildFileAnswerer, type BuildFileAnswerer } from "./build-files.ts";
import { createFormPageAnswerer } from "./form-pages.ts";
import { createLivePages } from "./live-pages.ts";
import { pagePatterns } from "./middleware/page-requests.ts";
import { createNotFoundAnswerer, notFoundMarker } from "./not-found.ts";
import { entryExports } from "./react-router.ts";
import type { FormTickets } from "./security/form-tickets.ts";
import { createHttpsRedirect } from "./security/https-redirect.ts";

/** The nonce of a response the server rendered, from its CSP. */
function nonceOf(response: Response): string | null {
  return /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1] ?? null;
}

/** The notices as the public layout shows them, from the settings showing now. */
function publicNotices(notices: Awaited<ReturnType<typeof readSiteNotices>>): SiteNotices | null {
  const { announcement, maintenance } = notices;
  if (!announcement && !maintenance) return null;
  return {
    announcement: announcement
      ? {
          message: announcement.message ?? "",
          tone: announcement.tone,
          linkLabel: announcement.linkLabel,
          linkUrl: announcement.linkUrl,
        }
      : null,
    maintenance: maintenance
      ? { message: maintenance.message ?? "", startsAt: maintenance.startsAt, endsAt: maintenance.endsAt }
      : null,
  };
}

/**
 * What the server answers from memory, before a request meets any middleware (ADR 010,
 * 012, 028, 029), in this order:
 *
 * - on an https site, any request that did not come over https: a 308 to it (ADR 042);
 * - build files: prerendered pages (their notices and analytics data block put in) and
 *   assets, as fixed bytes;
 * - the pages with a public form, their ticket filled in as they are served;
 * - the live public pages (the locations page) without a query;
 * - the session check: signed out, one fixed answer; signed in, the answer of a moment ago;
 * - a 404 for an unknown public address: its screen, rendered once, the address filled in.
 *
 * The server's own renders (`render`: a live page, the 404 template) go through the app
 * with `{ liveRender: true }` as its environment, which the app's first middleware lets
 * through (a visitor cannot send it); the Node listener's fast path never sees them.
 */
export function createEarlyAnswers(options: {
  config: Config;
  build: AppBuild;
  formTickets: FormTickets;
  now: () => Date;
  log: Logger;
  /** Renders a page through the whole app, as a visitor with no session would get it. */
  render: (path: string) => Promise<Response>;
  /** The live pages now (the locations page, each public release's page), each with a stamp of what it shows. */
  pages: () => Promise<ReadonlyMap<string, string>>;
  notices: () => ReturnType<typeof readSiteNotices>;
  analytics: () => ReturnType<typeof readSiteAnalytics>;
  servedElsewhere: (path: string) => boolean;
  notFoundFromTemplate: boolean;
}) {
  const { config, build, log } = options;
  const site = { https: config.https, trustProxy: config.trustProxy };
  const answerFormPage = createFormPageAnswerer({ ...site, files: build.files, tickets: options.formTickets });
  const served = new Map([...build.files].filter(([path]) => !answerFormPage.paths.has(path)));
  const answerFile = createBuildFileAnswerer({ ...site, files: served });

  const livePages = createLivePages({
    pages: options.pages,
    render: async (path) => {
      const response = await options.render(path);
      return { status: response.status, html: await response.text(), nonce: nonceOf(response) };
    },
    notices: async () => publicNotices(await options.notices()),
    analytics: async () => siteAnalyticsFrom(await options.analytics()),
    renderNotices: entryExports(build.serverBuild).renderSiteNotices,
    prerendered: build.files,
    served,
    stateChanged: async (pages) => {
      for (const path of answerFormPage.paths) {
        const file = pages.get(path);
        if (file) answerFormPage.replace(path, file);
      }
      await learnNotFound();
    },
    log,
  });
  const answerLiveFile = createBuildFileAnswerer({ ...site, files: livePages.files });
  // A search (any query) goes on to React Router.
  const answerLive: BuildFileAnswerer = (method, path, header, target) =>
    target?.includes("?") ? null : answerLiveFile(method, path, header);

  const sessionAnswers = createSessionAnswers({ now: () => options.now().getTime() });
  const answerSession = createEarlySessionAnswerer({ ...site, answers: sessionAnswers });
  const answerNotFound = createNotFoundAnswerer({
    ...site,
    build: build.serverBuild,
    servedElsewhere: options.servedElsewhere,
  });

  /** The 404 screen of an unknown public address, rendered and made into a template (again when the notices change). */
  async function learnNotFound(): Promise<void> {
    if (!options.notFoundFromTemplate) return;
    const rendered = await options.render(notFoundMarker).catch((error: unknown) => {
      // Until it can be rendered again, every 404 screen is rendered per request: never an old one.
      answerNotFound.forget();
      throw error;
    });
    const html = await rendered.text();
    const thirdParty = thirdPartySources(livePages.analytics());
    if (rendered.status !== 404 || !answerNotFound.learn(html, nonceOf(rendered), thirdParty)) {
      log.warn("every 404 screen is rendered per request: the screen could not be made into a template", {
        status: rendered.status,
      });
    }
  }

  const answerKept: BuildFileAnswerer = (method, path, header, target) =>
    answerFile(method, path, header) ??
    answerFormPage(method, path, header) ??
    answerLive(method, path, header, target) ??
    answerSession(method, path, header) ??
    answerNotFound(method, path, header, target);
  // On an https site, first of all: a request that did not come over https goes there (ADR 042).
  const redirect = createHttpsRedirect({ publicUrl: config.publicUrl, trustProxy: config.trustProxy });
  const answerEarly: BuildFileAnswerer = redirect
    ? (method, path, header, target) =>
        redirect(method, path, header, target) ?? answerKept(method, path, header, target)
    : answerKept;

  // The addresses answered here that are a page or file of their own (their own label in the metrics).
  const ownLabels = new Set<string>([...build.files.keys(), ...livePaths, "/auth/session"]);
  const patternOf = pagePatterns(build.serverBuild);
  /**
   * The route label of an answer given here (ADR 032): the address itself when it is one of
   * the build's files, a kept page or the session check (a set fixed by the build), a kept
   * release page's route pattern (one label for them all), one label for the hashed assets,
   * and "(unmatched)" for every 404.
   */
  const routeOf = (path: string, status: number): string =>
    status === 404
      ? "(unmatched)"
      : path.startsWith("/assets/")
        ? "/assets/*"
        : ownLabels.has(path)
          ? path
          : livePages.files.has(path)
            ? patternOf(path)
            : "(other)";

  return { answerEarly, livePages, sessionAnswers, learnNotFound, routeOf };
}
