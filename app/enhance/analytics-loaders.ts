import { analyticsLoaders, type LoaderName } from "../lib/analytics.ts";

/**
 * What each loader's vendor snippet does, written as our own module (the CSP allows no
 * inline script): the globals its script expects, set up before the script, which is
 * added as `<script src>` from the vendor's host (allowed by the CSP only while the
 * loader is on).
 */

type Queue = unknown[];

declare global {
  interface Window {
    dataLayer?: Queue;
    gtag?: (...args: unknown[]) => void;
    fbq?: PixelQueue;
    _fbq?: PixelQueue;
    _linkedin_partner_id?: string;
    _linkedin_data_partner_ids?: string[];
    analytics?: Queue & { _writeKey?: string; SNIPPET_VERSION?: string };
  }
}

/** The Meta Pixel's queue, as its snippet makes it: calls wait in `queue` until fbevents.js takes them. */
type PixelQueue = ((...args: unknown[]) => void) & {
  callMethod?: (...args: unknown[]) => void;
  queue: unknown[];
  push: PixelQueue;
  loaded: boolean;
  version: string;
};

const setUp: Record<LoaderName, (id: string) => void> = {
  tagManager: () => {
    window.dataLayer ??= [];
    window.dataLayer.push({ "gtm.start": Date.now(), event: "gtm.js" });
  },
  webAnalytics: (id) => {
    const dataLayer = (window.dataLayer ??= []);
    // gtag.js reads its commands as `arguments` objects, as Google's snippet pushes them.
    window.gtag ??= function gtag() {
      // eslint-disable-next-line prefer-rest-params -- gtag.js tells commands from data by the Arguments type.
      dataLayer.push(arguments);
    };
    window.gtag("js", new Date());
    window.gtag("config", id);
  },
  pixel: (id) => {
    if (!window.fbq) {
      const pixel = function (...args: unknown[]) {
        if (pixel.callMethod) pixel.callMethod(...args);
        else pixel.queue.push(args);
      } as PixelQueue;
      pixel.push = pixel;
      pixel.loaded = true;
      pixel.version = "2.0";
      pixel.queue = [];
      window.fbq = pixel;
      window._fbq ??= pixel;
    }
    window.fbq("init", id);
    window.fbq("track", "PageView");
  },
  socialAds: (id) => {
    window._linkedin_partner_id = id;
    window._linkedin_data_partner_ids = [...(window._linkedin_data_partner_ids ?? []), id];
  },
  customerData: (key) => {
    // analytics.js takes the calls made before it loaded from this array.
    const queue = (window.analytics ??= []);
    queue._writeKey = key;
    queue.SNIPPET_VERSION = "5.2.0";
    queue.push(["page"]);
  },
};

/** Loads one loader, once: its globals, then its script. */
export function load(name: LoaderName, id: string): void {
  const src = analyticsLoaders[name].script(id);
  if (document.querySelector(`script[data-analytics-loader="${name}"]`)) return;
  setUp[name](id);
  const script = document.createElement("script");
  script.async = true;
  script.src = src;
  script.dataset.analyticsLoader = name;
  document.head.append(script);
}
