import { initColorModeSwitch } from "./color-mode-switch.ts";
import { initCurrentYear } from "./current-year.ts";
import { initMobilePanel } from "./mobile-panel.ts";
import { initNavHover } from "./nav-hover.ts";
import { initSearchTrigger } from "./search-trigger.ts";
import { initSession } from "./session.ts";
import { initToaster } from "./toaster.ts";

/** Enhancements for the prerendered public pages, which ship no React runtime at load. */
initColorModeSwitch();
initNavHover();
initMobilePanel();
initSearchTrigger();
initCurrentYear();
initToaster();
void initSession();

// The consent banner and the analytics loaders, only on a page that carries the loaders'
// data block (the admin turned one on): a site with none ships none of it (ADR 030).
// The attribute is analyticsBlockAttribute's, written out: importing it would cost every
// public page a request of its own (shared/analytics.test.ts holds the two together).
if (document.querySelector("script[data-site-analytics]")) {
  void import("./consent.ts").then((consent) => consent.initConsent());
}
