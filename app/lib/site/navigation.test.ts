import { describe, expect, it } from "vitest";
import { footerColumns, headerNavigation, isActive, isGroup, socialLinks, type NavigationLink } from "./navigation.ts";
import { isPublicPath } from "../../../shared/public-paths.ts";
import { site } from "../brand.ts";

function labelsAndPaths(links: readonly NavigationLink[]) {
  return links.map((link) => [link.label, link.to]);
}

function childrenOf(label: string): NavigationLink[] {
  const group = headerNavigation.find((link) => link.label === label);
  if (!group || !isGroup(group)) throw new Error(`no header group "${label}"`);
  return group.children;
}

function allLinks(links: readonly NavigationLink[]): NavigationLink[] {
  return links.flatMap((link) => [link, ...allLinks(link.children ?? [])]);
}

const productAliases = new Set(site.products.map((product) => `/about/${product.key}`));

describe("header navigation (spec)", () => {
  it("lists the About, Health and Products groups, then Research, Testimonials and Locations, in that order", () => {
    expect(headerNavigation.map((link) => [link.label, isGroup(link)])).toEqual([
      ["About", true],
      ["Health", true],
      ["Products", true],
      ["Research", false],
      ["Testimonials", false],
      ["Locations", false],
    ]);
    expect(labelsAndPaths(headerNavigation.slice(3))).toEqual([
      ["Research", "/research"],
      ["Testimonials", "/testimonials"],
      ["Locations", "/locations"],
    ]);
  });

  it("About holds About, FAQ, Contact Us and Get Certified", () => {
    expect(labelsAndPaths(childrenOf("About"))).toEqual([
      ["About", "/about"],
      ["FAQ", "/about/faq"],
      ["Contact Us", "/about/contact"],
      ["Get Certified", "/about/get-certified"],
    ]);
  });

  it("Health holds Bone Health, Type 2 Diabetes and Research", () => {
    expect(labelsAndPaths(childrenOf("Health"))).toEqual([
      ["Bone Health", "/health-conditions/bone-health"],
      ["Type 2 Diabetes", "/health-conditions/type-2-diabetes"],
      ["Research", "/research"],
    ]);
  });

  it("Products lists the v5 before the v4, each badged with its status and described in one short line", () => {
    const products = childrenOf("Products");
    expect(labelsAndPaths(products)).toEqual([
      ["v5", "/products/v5"],
      ["v4", "/products/v4"],
    ]);
    expect(products.map((link) => link.badge)).toEqual(["Current", "Supported"]);
    for (const link of products) expect(link.description?.length ?? 0).toBeLessThanOrEqual(48);
  });

  it("every internal link goes to a public page", () => {
    const internal = allLinks(headerNavigation).filter((link) => link.target !== "_blank");
    expect(internal.length).toBeGreaterThan(0);
    for (const link of internal) expect(isPublicPath(link.to), link.to).toBe(true);
  });
});

describe("footer navigation", () => {
  it("About column links the product aliases, FAQ, Contact Us and Get Certified", () => {
    const about = footerColumns.find((column) => column.title === "About");
    expect(about?.links.map((link) => link.to)).toEqual([
      "/about/v5",
      "/about/v4",
      "/about/faq",
      "/about/contact",
      "/about/get-certified",
    ]);
  });

  it("every external link opens in a new tab and uses https", () => {
    const external = footerColumns.flatMap((column) => column.links).filter((link) => !link.to.startsWith("/"));
    expect(external.length).toBeGreaterThan(0);
    for (const link of external) {
      expect(link.target, link.label).toBe("_blank");
      expect(new URL(link.to).protocol, link.label).toBe("https:");
    }
  });

  it("every internal link goes to a public page or an /about/{product} alias", () => {
    const internal = footerColumns.flatMap((column) => column.links).filter((link) => link.to.startsWith("/"));
    for (const link of internal) {
      expect(isPublicPath(link.to) || productAliases.has(link.to), link.to).toBe(true);
      expect(link.target, link.to).toBeUndefined();
    }
  });

  it("social links are exactly Facebook, Instagram, LinkedIn and X, all https", () => {
    expect(socialLinks.map((link) => link.label)).toEqual(["Facebook", "Instagram", "LinkedIn", "X"]);
    for (const link of socialLinks) expect(new URL(link.to).protocol).toBe("https:");
  });
});

describe("isActive", () => {
  const faq: NavigationLink = { label: "FAQ", to: "/about/faq" };
  const group: NavigationLink = {
    label: "About",
    to: "/about",
    children: [faq, { label: "Contact", to: "/about/contact" }],
  };

  it("a link is active only on exactly its own path", () => {
    expect(isActive(faq, "/about/faq")).toBe(true);
    expect(isActive(faq, "/about")).toBe(false);
    expect(isActive(faq, "/about/faq/more")).toBe(false);
    expect(isActive({ label: "Home", to: "/" }, "/about")).toBe(false);
  });

  it("a group is active when one of its children is", () => {
    expect(isActive(group, "/about/contact")).toBe(true);
    expect(isActive(group, "/products")).toBe(false);
  });

  it("an external link is never active", () => {
    expect(isActive({ label: "Partner", to: "/about", target: "_blank" }, "/about")).toBe(false);
  });

  it("the header's Health group is active on its Research child's page", () => {
    const health = headerNavigation.find((link) => link.label === "Health");
    expect(health && isActive(health, "/research")).toBe(true);
    expect(health && isActive(health, "/products/v5")).toBe(false);
  });
});
