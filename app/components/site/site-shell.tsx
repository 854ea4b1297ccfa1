import type { ReactNode } from "react";
import { analyticsBlockAttribute, analyticsJson, type SiteAnalytics } from "../../../shared/analytics.ts";
import { noticesSlotAttribute, type SiteNotices } from "../../../shared/contracts/site-notices.ts";
import { Notices } from "../dashboard/notices.tsx";
import { ToastIconTemplates } from "../ui/toast-icons.tsx";
import { Footer } from "./footer.tsx";
import { Header } from "./header.tsx";
import { SkipLink } from "./skip-link.tsx";

/**
 * The default layout around every public page and the error screen. The notices slot is
 * empty in a prerendered page; the server fills it as it serves the page (ADR 029), and
 * puts the analytics loaders' data block right after it when one is on (ADR 030).
 */
export function SiteShell({
  children,
  notices = null,
  analytics = null,
}: {
  children: ReactNode;
  notices?: SiteNotices | null;
  analytics?: SiteAnalytics | null;
}) {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <Header />
      {/*
        A landmark of its own, named, so a site-wide notice is found with the page's other
        regions; while empty it is hidden, and so in no one's list of landmarks.
      */}
      <div
        {...{ [noticesSlotAttribute]: "" }}
        role="region"
        aria-label="Site notices"
        className="mx-auto w-full max-w-7xl px-4 py-4 empty:hidden sm:px-6 lg:px-8"
      >
        {notices && (notices.announcement || notices.maintenance) ? <Notices notices={notices} /> : null}
      </div>
      {analytics ? (
        <script
          type="application/json"
          {...{ [analyticsBlockAttribute]: "" }}
          // Data, not code: the browser never runs it (analyticsJson escapes "<").
          dangerouslySetInnerHTML={{ __html: analyticsJson(analytics) }}
        />
      ) : null}
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      <Footer />
      <section
        aria-label="Notifications"
        data-toaster
        className="pointer-events-none fixed right-4 bottom-4 left-4 z-60 sm:left-auto sm:w-96"
      >
        <ol aria-live="polite" aria-relevant="additions text" className="flex flex-col gap-3" />
        <ToastIconTemplates />
      </section>
    </div>
  );
}
