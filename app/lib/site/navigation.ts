import { currentProduct } from "../../../shared/product-line.ts";
import type { IconName } from "../../../content/schema.ts";
import { site } from "../brand.ts";

/** Spec §3 "Navigation link". `target: "_blank"` marks a link that leaves the site. */
export type NavigationLink = {
  label: string;
  to: string;
  icon?: IconName;
  description?: string;
  target?: "_blank";
  children?: NavigationLink[];
  badge?: string;
  disabled?: boolean;
};

export type NavigationGroup = NavigationLink & { children: NavigationLink[] };

const research: NavigationLink = {
  label: "Research",
  to: "/research",
  icon: "book-open",
  description: "Scientific studies done on the equipment",
};

/** The header's groups and top-level links; the mobile panel reads the same list. */
export const headerNavigation: NavigationLink[] = [
  {
    label: "About",
    to: "/about",
    children: [
      { label: "About", to: "/about", icon: "building", description: `Who we are and how ${site.brand.name} works` },
      { label: "FAQ", to: "/about/faq", icon: "clipboard", description: "Answers to common questions" },
      { label: "Contact Us", to: "/about/contact", icon: "headphones", description: "Sales & Support" },
      {
        label: "Get Certified",
        to: "/about/get-certified",
        icon: "graduation-cap",
        description: "Education and certification",
      },
    ],
  },
  {
    label: "Health",
    to: "/health-conditions",
    children: [
      {
        label: "Bone Health",
        to: "/health-conditions/bone-health",
        icon: "bone",
        description: "Bone density and osteoporosis",
      },
      {
        label: "Type 2 Diabetes",
        to: "/health-conditions/type-2-diabetes",
        icon: "droplet",
        description: "Diabetes and fracture risk",
      },
      research,
    ],
  },
  {
    label: "Products",
    to: "/products",
    children: site.products
      .toSorted((a, b) => b.key.localeCompare(a.key))
      .map((product) => ({
        label: product.shortName,
        to: `/products/${product.key}`,
        icon: product.key === currentProduct ? "monitor" : "package",
        description: product.tagline,
        badge: product.status,
      })),
  },
  research,
  { label: "Testimonials", to: "/testimonials", icon: "users" },
  { label: "Locations", to: "/locations", icon: "map-pin" },
];

export function isGroup(link: NavigationLink): link is NavigationGroup {
  return Array.isArray(link.children) && link.children.length > 0;
}

export type FooterColumn = { title: string; links: NavigationLink[] };

export const footerColumns: FooterColumn[] = [
  {
    title: "About",
    links: [
      ...site.products
        .toSorted((a, b) => b.key.localeCompare(a.key))
        .map((product) => ({ label: `About the ${product.shortName}`, to: `/about/${product.key}` })),
      { label: "FAQ", to: "/about/faq" },
      { label: "Contact Us", to: "/about/contact" },
      { label: "Get Certified", to: "/about/get-certified" },
    ],
  },
  {
    title: "Health",
    links: [
      { label: "Health conditions", to: "/health-conditions" },
      { label: "Bone Health", to: "/health-conditions/bone-health" },
      { label: "Type 2 Diabetes", to: "/health-conditions/type-2-diabetes" },
      { label: "Research", to: "/research" },
    ],
  },
  {
    title: "Company",
    links: [
      { label: "Products", to: "/products" },
      { label: "For business", to: "/business" },
      { label: "For you", to: "/consumer" },
      { label: "Testimonials", to: "/testimonials" },
      { label: "Locations", to: "/locations" },
    ],
  },
  {
    title: "Resources",
    links: [
      { label: site.links.partner.label, to: site.links.partner.url, target: "_blank" },
      { label: site.links.termsPdf.label, to: site.links.termsPdf.url, target: "_blank" },
    ],
  },
];

export type SocialNetwork = keyof typeof site.links.social;

export const socialLinks: { network: SocialNetwork; label: string; to: string }[] = [
  { network: "facebook", label: "Facebook", to: site.links.social.facebook },
  { network: "instagram", label: "Instagram", to: site.links.social.instagram },
  { network: "linkedin", label: "LinkedIn", to: site.links.social.linkedin },
  { network: "x", label: "X", to: site.links.social.x },
];

/** True when `path` is the link's page; a group is active when one of its links is. */
export function isActive(link: NavigationLink, path: string): boolean {
  if (link.target === "_blank") return false;
  if (isGroup(link)) return path === link.to || link.children.some((child) => isActive(child, path));
  return path === link.to;
}
