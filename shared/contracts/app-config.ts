import { createContext, type RouterContextProvider } from "react-router";

/**
 * The site's own origin wherever the build writes one (canonical links, og:url, JSON-LD,
 * the sitemap, robots.txt). The build never knows the host: the server puts PUBLIC_URL's
 * origin in its place in every kept page when it starts (ADR 042). `.invalid` is
 * reserved (RFC 6761): it can never be a real host, so a page that kept it is plain to see.
 */
/** How often the portal asks whether a newer build is out (spec §4, §7), unless BUILD_POLL_INTERVAL_S says. */
export const defaultBuildPollMs = 60_000;

export const buildOrigin = "https://public-origin.invalid";

/** Settings of the running server that pages need (BUILD_POLL_INTERVAL_S, say); the server fills it per request. */
export type AppConfig = {
  buildPollMs: number;
  /** PUBLIC_URL's origin: the address every absolute link to this site names. */
  publicOrigin: string;
};

export const appConfigContext = createContext<AppConfig>({
  buildPollMs: defaultBuildPollMs,
  publicOrigin: buildOrigin,
});

/** The site's origin for absolute links: PUBLIC_URL's on the server, `buildOrigin` while prerendering. */
export function publicOrigin(context: Readonly<RouterContextProvider>): string {
  return context.get(appConfigContext).publicOrigin;
}
