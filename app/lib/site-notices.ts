import { createContext } from "react-router";
import type { SiteNotices } from "../components/dashboard/notices.tsx";

export type { SiteNotices };

/**
 * The announcement and maintenance notice showing now, for a public page the server
 * renders (ADR 029): the server fills it per request from what it last read. Absent while
 * prerendering: the page's notices slot stays empty, and the server fills it as it keeps
 * the page in memory.
 */
export const siteNoticesContext = createContext<SiteNotices | null>(null);

/** The attribute of the public layout's notices slot: the server puts the notices in after it. */
export const noticesSlotAttribute = "data-site-notices";
