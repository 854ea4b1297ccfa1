/**
 * The five analytics loaders of spec §1, each on by its identifier in the admin's
 * settings (the analytics group) and off without one. They run on the public pages only,
 * and only for a visitor who agreed to their category (ADR 030): nothing here loads a
 * script; `app/enhance/consent.ts` does, after asking.
 */

export type ConsentCategory = "measurement" | "marketing";

export const consentCategories: Record<ConsentCategory, { label: string; description: string }> = {
  measurement: {
    label: "Measurement",
    description: "Counts visits and shows which pages help, so we can improve the site.",
  },
  marketing: {
    label: "Marketing",
    description: "Lets us show our ads on other sites and see which of them brought you here.",
  },
};

/** Hosts a loader needs in the CSP, by directive. */
export type ThirdPartySources = { script: string[]; connect: string[]; img: string[] };

type Loader = {
  /** The setting that turns it on (the analytics group's field). */
  setting: "tagManagerId" | "webAnalyticsId" | "pixelId" | "socialAdsPixelId" | "customerDataWriteKey";
  /** The tool's own name, as the consent banner lists it. */
  tool: string;
  category: ConsentCategory;
  /** The script the loader adds, from the identifier. */
  script: (id: string) => string;
  sources: ThirdPartySources;
};

const googleTagHost = "https://www.googletagmanager.com";

export const analyticsLoaders = {
  /** Google Tag Manager: whatever tags its container holds are for marketing, the strictest category. */
  tagManager: {
    setting: "tagManagerId",
    tool: "Google Tag Manager",
    category: "marketing",
    script: (id) => `${googleTagHost}/gtm.js?id=${encodeURIComponent(id)}`,
    sources: { script: [googleTagHost], connect: [googleTagHost], img: [googleTagHost] },
  },
  /** Google Analytics 4 (gtag.js): the hosts Google lists for it, regional collection included. */
  webAnalytics: {
    setting: "webAnalyticsId",
    tool: "Google Analytics",
    category: "measurement",
    script: (id) => `${googleTagHost}/gtag/js?id=${encodeURIComponent(id)}`,
    sources: {
      script: [googleTagHost],
      connect: ["https://*.google-analytics.com", "https://*.analytics.google.com", "https://*.googletagmanager.com"],
      img: ["https://*.google-analytics.com", "https://*.googletagmanager.com"],
    },
  },
  /** The Meta Pixel. */
  pixel: {
    setting: "pixelId",
    tool: "Meta Pixel",
    category: "marketing",
    script: () => "https://connect.facebook.net/en_US/fbevents.js",
    sources: {
      script: ["https://connect.facebook.net"],
      connect: ["https://connect.facebook.net", "https://www.facebook.com"],
      img: ["https://www.facebook.com"],
    },
  },
  /** The LinkedIn Insight Tag, the social ads pixel. */
  socialAds: {
    setting: "socialAdsPixelId",
    tool: "LinkedIn Insight Tag",
    category: "marketing",
    script: () => "https://snap.licdn.com/li.lms-analytics/insight.min.js",
    sources: {
      script: ["https://snap.licdn.com"],
      connect: ["https://px.ads.linkedin.com"],
      img: ["https://px.ads.linkedin.com"],
    },
  },
  /** Segment's analytics.js, the customer-data platform. */
  customerData: {
    setting: "customerDataWriteKey",
    tool: "Segment",
    category: "measurement",
    script: (key) => `https://cdn.segment.com/analytics.js/v1/${encodeURIComponent(key)}/analytics.min.js`,
    sources: {
      script: ["https://cdn.segment.com"],
      connect: ["https://cdn.segment.com", "https://api.segment.io"],
      img: [],
    },
  },
} as const satisfies Record<string, Loader>;

export type LoaderName = keyof typeof analyticsLoaders;
export const loaderNames = Object.keys(analyticsLoaders) as LoaderName[];

/** The identifiers of the loaders that are on: only those, never an empty one. */
export type SiteAnalytics = Partial<Record<LoaderName, string>>;

/** The loaders on in the admin's settings, or null when none is (the site loads nothing and asks nothing). */
export function siteAnalyticsFrom(settings: Record<Loader["setting"], string | null>): SiteAnalytics | null {
  const on: SiteAnalytics = {};
  for (const name of loaderNames) {
    const id = settings[analyticsLoaders[name].setting];
    if (id) on[name] = id;
  }
  return Object.keys(on).length > 0 ? on : null;
}

/** The hosts the CSP allows for these loaders: exactly theirs, each once. */
export function thirdPartySources(analytics: SiteAnalytics | null): ThirdPartySources {
  const sources = { script: new Set<string>(), connect: new Set<string>(), img: new Set<string>() };
  for (const name of loaderNames) {
    if (!analytics?.[name]) continue;
    const loader: Loader = analyticsLoaders[name];
    for (const directive of ["script", "connect", "img"] as const) {
      for (const host of loader.sources[directive]) sources[directive].add(host);
    }
  }
  return { script: [...sources.script], connect: [...sources.connect], img: [...sources.img] };
}

/** The attribute of the data block a public page carries when a loader is on. */
export const analyticsBlockAttribute = "data-site-analytics";

/** The block's JSON, safe inside a script element (no "<" can end it). */
export function analyticsJson(analytics: SiteAnalytics): string {
  return JSON.stringify(analytics).replace(/</g, "\\u003c");
}

/** The data block as HTML, byte for byte as the public layout renders it. */
export function analyticsBlock(analytics: SiteAnalytics): string {
  return `<script type="application/json" ${analyticsBlockAttribute}="">${analyticsJson(analytics)}</script>`;
}

/** JSON text that holds an object, as one; anything else (absent, broken, an array of words) is null. */
export function jsonObject(text: string | null | undefined): Record<string, unknown> | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Reads a page's data block back: the loaders named in it with an identifier, or null. */
export function readAnalyticsBlock(text: string | null | undefined): SiteAnalytics | null {
  const value = jsonObject(text);
  if (!value) return null;
  const on: SiteAnalytics = {};
  for (const name of loaderNames) {
    const id = value[name];
    if (typeof id === "string" && id !== "") on[name] = id;
  }
  return Object.keys(on).length > 0 ? on : null;
}

/**
 * Whether a page under the public layout may carry the loaders: the public pages, not the
 * docs reader, whose addresses and readers are the signed-in staff's and partners'.
 */
export function carriesAnalytics(path: string): boolean {
  return path !== "/docs" && !path.startsWith("/docs/");
}
