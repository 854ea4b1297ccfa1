import type { ReactNode } from "react";
import { Footer } from "./footer.tsx";
import { Header } from "./header.tsx";

/** The default layout around every public page and the error screen. */
export function SiteShell({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-4 py-3 font-semibold text-bdblue-800 shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3 dark:bg-gray-900 dark:text-bdblue-200"
      >
        Skip to main content
      </a>
      <Header />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      <Footer />
      <section
        aria-label="Notifications"
        data-toaster
        className="pointer-events-none fixed right-4 bottom-4 left-4 z-50 sm:left-auto sm:w-96"
      >
        <ol aria-live="polite" aria-relevant="additions text" className="flex flex-col gap-3" />
      </section>
    </div>
  );
}
