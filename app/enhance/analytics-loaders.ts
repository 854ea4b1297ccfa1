import { analyticsLoaders, type LoaderName } from "../../shared/analytics.ts";

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
    analytics?: Queue & { _writeKey?: string; SNIPPET_VERSION?: string; _loadOptions?: Record<string, unknown> };
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

/** Google's `gtag`, as its snippet defines it: commands wait in the data layer until a Google script reads them. */
function gtag(): NonNullable<Window["gtag"]> {
  const dataLayer = (window.dataLayer ??= []);
  window.gtag ??= function gtag() {
    // eslint-disable-next-line prefer-rest-params -- gtag.js tells commands from data by the Arguments type.
    dataLayer.push(arguments);
  };
  return window.gtag;
}

let toldGoogle = false;

/**
 * Google's consent mode, set before any Google script runs and updated with each answer:
 * a tag in the tag manager's container then keeps to the visitor's categories (a
 * Google Analytics tag fired from the container stores nothing when measurement is refused).
 */
export function tellGoogle(allowed: { measurement: boolean; marketing: boolean }): void {
  const state = (yes: boolean) => (yes ? "granted" : "denied");
  gtag()("consent", toldGoogle ? "update" : "default", {
    analytics_storage: state(allowed.measurement),
    ad_storage: state(allowed.marketing),
    ad_user_data: state(allowed.marketing),
    ad_personalization: state(allowed.marketing),
  });
  toldGoogle = true;
}

const setUp: Record<LoaderName, (id: string) => void> = {
  tagManager: () => {
    window.dataLayer ??= [];
    window.dataLayer.push({ "gtm.start": Date.now(), event: "gtm.js" });
  },
  webAnalytics: (id) => {
    gtag()("js", new Date());
    gtag()("config", id);
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
    // No device-mode destinations: they would load other vendors' scripts in the page,
    // past the visitor's categories. Segment sends to its own API; destinations run there.
    queue._loadOptions = { integrations: { All: false, "Segment.io": true } };
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
