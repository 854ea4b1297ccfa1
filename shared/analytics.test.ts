import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  analyticsBlock,
  analyticsBlockAttribute,
  carriesAnalytics,
  readAnalyticsBlock,
  siteAnalyticsFrom,
  thirdPartySources,
} from "./analytics.ts";

const none = {
  tagManagerId: null,
  webAnalyticsId: null,
  pixelId: null,
  socialAdsPixelId: null,
  customerDataWriteKey: null,
};

describe("the analytics loaders", () => {
  it("are on only by an identifier: none set is no loader at all", () => {
    expect(siteAnalyticsFrom(none)).toBeNull();
    expect(siteAnalyticsFrom({ ...none, webAnalyticsId: "G-ABCDE12345", pixelId: "" })).toEqual({
      webAnalytics: "G-ABCDE12345",
    });
  });

  it("let into the CSP exactly the hosts of the loaders that are on, each once", () => {
    expect(thirdPartySources(null)).toEqual({ script: [], connect: [], img: [] });
    const google = thirdPartySources({ tagManager: "GTM-ABC1234", webAnalytics: "G-ABCDE12345" });
    expect(google.script).toEqual(["https://www.googletagmanager.com"]);
    expect(google.connect).toContain("https://*.google-analytics.com");
    expect(google.img).toEqual([
      "https://www.googletagmanager.com",
      "https://*.google-analytics.com",
      "https://*.googletagmanager.com",
    ]);
    // The tag manager alone: its script, its own requests and its image beacon, nothing of Analytics'.
    expect(thirdPartySources({ tagManager: "GTM-ABC1234" })).toEqual({
      script: ["https://www.googletagmanager.com"],
      connect: ["https://www.googletagmanager.com"],
      img: ["https://www.googletagmanager.com"],
    });
    const pixel = thirdPartySources({ pixel: "123456789012345" });
    expect(pixel).toEqual({
      script: ["https://connect.facebook.net"],
      connect: ["https://connect.facebook.net", "https://www.facebook.com"],
      img: ["https://www.facebook.com"],
    });
    const all = thirdPartySources({
      tagManager: "GTM-ABC1234",
      webAnalytics: "G-ABCDE12345",
      pixel: "123456789012345",
      socialAds: "1234567",
      customerData: "abcdefghijklmnopqrstuvwxyz123456",
    });
    expect(all.script).toEqual([
      "https://www.googletagmanager.com",
      "https://connect.facebook.net",
      "https://snap.licdn.com",
      "https://cdn.segment.com",
    ]);
    expect(all.connect).toContain("https://api.segment.io");
    expect(all.img).toContain("https://px.ads.linkedin.com");
  });

  it("travel in a data block that no text can close early, and read back as they went", () => {
    const block = analyticsBlock({ webAnalytics: "G-</script><b>" });
    expect(block).toBe(
      '<script type="application/json" data-site-analytics="">{"webAnalytics":"G-\\u003c/script>\\u003cb>"}</script>',
    );
    const json = /<script[^>]*>([\s\S]*)<\/script>$/.exec(block)?.[1];
    expect(readAnalyticsBlock(json)).toEqual({ webAnalytics: "G-</script><b>" });
  });

  it("read from a block only the loaders they know, with an identifier", () => {
    expect(readAnalyticsBlock(null)).toBeNull();
    expect(readAnalyticsBlock("not json")).toBeNull();
    expect(readAnalyticsBlock("[]")).toBeNull();
    expect(readAnalyticsBlock('{"pixel":"","webAnalytics":7,"other":"x"}')).toBeNull();
    expect(readAnalyticsBlock('{"socialAds":"1234567","other":"x"}')).toEqual({ socialAds: "1234567" });
  });

  it("go on the public pages, not the docs reader", () => {
    expect(carriesAnalytics("/")).toBe(true);
    expect(carriesAnalytics("/locations")).toBe(true);
    expect(carriesAnalytics("/documents-of-ours")).toBe(true);
    expect(carriesAnalytics("/docs")).toBe(false);
    expect(carriesAnalytics("/docs/v5/calibration")).toBe(false);
  });

  it("are looked for by the site module under the block's own attribute", () => {
    // The site module writes the selector out (an import would be a request of its own on every page).
    const site = readFileSync(new URL("../app/enhance/site.ts", import.meta.url), "utf8");
    expect(site).toContain(`document.querySelector("script[${analyticsBlockAttribute}]")`);
  });
});
