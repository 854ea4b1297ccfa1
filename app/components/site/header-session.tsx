import { createContext, useContext } from "react";
import { signInHref } from "../../lib/sign-in.ts";
import { buttonClasses } from "../ui/button.tsx";
import { cn } from "../ui/cn.ts";

/**
 * Spec §4: the sign-in state is loading, then signed in or signed out. Prerendered
 * pages are written for nobody, so they start "unknown" and the enhancement module asks
 * /auth/session; pages rendered for a person (the portal) know it already.
 */
export type HeaderSession = { state: "unknown" } | { state: "signed-out" } | { state: "signed-in"; csrfToken: string };

export const HeaderSessionContext = createContext<HeaderSession>({ state: "unknown" });

function useHeaderSession(): HeaderSession {
  return useContext(HeaderSessionContext);
}

/**
 * Both states are in the markup; `data-session-state` shows one. While it is "unknown"
 * (and JavaScript runs), Sign in keeps its space but stays invisible, so the wrong button
 * never flashes. Without JavaScript, Sign in simply shows.
 */
export function SessionControls({ path, place }: { path: string; place: "desktop" | "mobile" }) {
  const session = useHeaderSession();
  const mobile = place === "mobile";
  const size = mobile ? "lg" : "md";
  return (
    <div data-session={place} data-session-state={session.state} className={cn(mobile ? "grid gap-3" : "flex gap-1")}>
      <a href={signInHref(path)} data-when="signed-out" className={buttonClasses("primary", size, "whitespace-nowrap")}>
        Sign in
      </a>
      {mobile ? null : (
        // In the bar from 1280 px; narrower, these controls are in the menu (app.css).
        <a href="/docs" data-when="signed-in" className={buttonClasses("ghost", size, "whitespace-nowrap")}>
          Docs
        </a>
      )}
      <a
        href="/dashboard"
        target="_blank"
        rel="noopener"
        data-when="signed-in"
        className={buttonClasses("primary", size, "whitespace-nowrap")}
      >
        Dashboard<span className="sr-only"> (opens in a new tab)</span>
      </a>
      {mobile ? (
        <a href="/docs" data-when="signed-in" className={buttonClasses("secondary", size)}>
          Docs
        </a>
      ) : null}
      <form method="post" action="/auth/logout" data-when="signed-in" className={mobile ? "grid" : "flex"}>
        <input type="hidden" name="csrf" value={session.state === "signed-in" ? session.csrfToken : ""} />
        <button type="submit" className={buttonClasses(mobile ? "secondary" : "ghost", size, "whitespace-nowrap")}>
          Sign out
        </button>
      </form>
    </div>
  );
}
