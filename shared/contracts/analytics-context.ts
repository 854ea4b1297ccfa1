import { createContext } from "react-router";
import type { SiteAnalytics } from "../analytics.ts";

/**
 * For a public page the server renders: the loaders on now, and whether the page placed
 * their data block (the default layout's loader says so), so that the server gives that
 * response a CSP with their hosts. Absent while prerendering: the server puts the block
 * into the kept pages itself (ADR 029, 030).
 * Apart from analytics.ts, so that the browser's consent module never imports the router.
 */
export type AnalyticsBox = { analytics: SiteAnalytics | null; placed: boolean };
export const siteAnalyticsContext = createContext<AnalyticsBox | null>(null);
