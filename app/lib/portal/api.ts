import { createApiClient } from "./api-client.ts";
import { portalSession } from "./session.ts";
import { signInHref } from "../sign-in.ts";

/**
 * The hydrated portal's one GraphQL client. When the session ends under it (a 401), it
 * drops its cache and the page goes on as an anonymous visitor, told how to sign in again.
 */
export const portalApi = createApiClient({
  csrfToken: () => portalSession.csrfToken,
  onSessionEnded: () => {
    portalSession.csrfToken = null;
    portalSession.notify({
      title: "Your session has ended",
      description: "You are no longer signed in, so nothing more can be saved. Sign in again to go on.",
      color: "warning",
      timeout: 0,
      actions: [{ label: "Sign in again", href: signInHref(`${location.pathname}${location.search}`) }],
    });
  },
});
