import type { MetaDescriptor } from "react-router";
import { errorPageDescription, errorPageTitle } from "./site/error-message.ts";
import { pageTitle, site } from "./brand.ts";

/** A path on this site as an absolute URL at `origin` (PUBLIC_URL's: see `publicOrigin`). */
export function absoluteUrl(path: string, origin: string): string {
  return new URL(path, origin).toString();
}

function organizationJsonLd(origin: string) {
  const { company, brand, links } = site;
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: company.legalName,
    alternateName: brand.name,
    url: absoluteUrl("/", origin),
    logo: absoluteUrl("/favicon.svg", origin),
    email: company.email,
    telephone: company.phone,
    address: {
      "@type": "PostalAddress",
      streetAddress: company.address.street,
      addressLocality: company.address.locality,
      addressRegion: company.address.region,
      postalCode: company.address.postalCode,
      addressCountry: company.address.country,
    },
    sameAs: Object.values(links.social),
  };
}

/**
 * Title, description, canonical URL, Open Graph and Twitter cards, and JSON-LD for one
 * page; every absolute URL at `origin`, the site's own (its loader's `publicOrigin`).
 */
export function pageMeta(input: {
  title: string;
  description: string;
  path: string;
  origin: string;
  jsonLd?: object[];
}): MetaDescriptor[] {
  const title = pageTitle(input.title);
  const url = absoluteUrl(input.path, input.origin);
  const socialImage = absoluteUrl("/social-card.png", input.origin);
  return [
    { title },
    { name: "description", content: input.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: site.brand.name },
    { property: "og:title", content: title },
    { property: "og:description", content: input.description },
    { property: "og:url", content: url },
    { property: "og:image", content: socialImage },
    { property: "og:image:width", content: "1200" },
    { property: "og:image:height", content: "630" },
    { property: "og:image:alt", content: `${site.brand.name}: ${site.brand.tagline}` },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: input.description },
    { name: "twitter:image", content: socialImage },
    ...[organizationJsonLd(input.origin), ...(input.jsonLd ?? [])].map((json) => ({ "script:ld+json": json })),
  ];
}

export function errorMeta(): MetaDescriptor[] {
  return [
    { title: errorPageTitle },
    { name: "description", content: errorPageDescription },
    { name: "robots", content: "noindex" },
  ];
}

/** Sign-in pages and the portal: titled like the site, kept out of search engines. */
export function privatePageMeta(title: string): MetaDescriptor[] {
  return [{ title: pageTitle(title) }, { name: "robots", content: "noindex, nofollow" }];
}
