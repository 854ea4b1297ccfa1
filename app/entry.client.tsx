import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import type { ClientInstrumentation } from "react-router";
import { HydratedRouter } from "react-router/dom";
import { rememberWhileNavigating } from "./lib/portal/build.ts";

/**
 * Only the portal hydrates (public pages are prerendered HTML with their own small
 * scripts). React Router's default entry, plus one instrumentation: every navigation
 * notes where it is going before it starts, so a reload caused by the next page's
 * missing code goes on there (spec §4 and §8; see `resumeInterruptedNavigation`).
 */
const navigationNotes: ClientInstrumentation = {
  router(router) {
    router.instrument({ navigate: (navigate, info) => rememberWhileNavigating(navigate, info) });
  },
};

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter instrumentations={[navigationNotes]} />
    </StrictMode>,
  );
});
