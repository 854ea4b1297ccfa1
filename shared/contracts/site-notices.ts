import { createContext } from "react-router";
/** The site-wide banner and the maintenance notice, as site settings say (shown while they are on). */
export type SiteNotices = {
  announcement: { message: string; tone: "info" | "warning"; linkLabel: string | null; linkUrl: string | null } | null;
  maintenance: { message: string; startsAt: string | null; endsAt: string | null } | null;
};

/**
 * The announcement and maintenance notice showing now, for a public page the server
 * renders (ADR 029): the server fills it per request from what it last read. Absent while
 * prerendering: the page's notices slot stays empty, and the server fills it as it keeps
 * the page in memory.
 */
export const siteNoticesContext = createContext<SiteNotices | null>(null);

/** The attribute of the public layout's notices slot: the server puts the notices in after it. */
export const noticesSlotAttribute = "data-site-notices";
