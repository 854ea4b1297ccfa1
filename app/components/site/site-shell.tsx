import type { ReactNode } from "react";
import { ToastIconTemplates } from "../ui/toast-icons.tsx";
import { Footer } from "./footer.tsx";
import { Header } from "./header.tsx";
import { SkipLink } from "./skip-link.tsx";

/** The default layout around every public page and the error screen. */
export function SiteShell({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <Header />
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
