import type { RenderedPage } from "../../../content/render.ts";
import { htmlToText } from "../../../content/text.ts";
import { absoluteUrl } from "../seo.ts";
import { productByKey, site } from "../brand.ts";
import { isProductId, productLine, type ProductId } from "../../../shared/product-line.ts";

function product(key: ProductId, page: RenderedPage, origin: string) {
  const info = productByKey(key);
  if (!info) throw new Error(`content/site.yaml has no product ${key}`);
  const specs = page.sections.flatMap((section) =>
    section.type === "specs" ? section.groups.flatMap((group) => group.rows) : [],
  );
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: info.name,
    description: page.description,
    url: absoluteUrl(productLine[key].page, origin),
    image: absoluteUrl("/social-card.png", origin),
    category: "Bone densitometer (quantitative ultrasound)",
    brand: { "@type": "Brand", name: site.brand.name },
    manufacturer: { "@type": "Organization", name: site.company.legalName, url: absoluteUrl("/", origin) },
    additionalProperty: specs.map((row) => ({ "@type": "PropertyValue", name: row.label, value: row.value })),
  };
}

function faqPage(page: RenderedPage) {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: page.sections.flatMap((section) =>
      section.type === "faq"
        ? section.items.map((item) => ({
            "@type": "Question",
            name: item.question,
            acceptedAnswer: { "@type": "Answer", text: htmlToText(item.answer.__html) },
          }))
        : [],
    ),
  };
}

/** The JSON-LD a page asks for in its content file, besides the site-wide Organization; this site's URLs at `origin`. */
export function structuredData(page: RenderedPage, origin: string): object[] {
  return page.structuredData.map((kind) => {
    if (kind === "FAQPage") return faqPage(page);
    const key = kind.slice("Product:".length);
    if (!isProductId(key)) throw new Error(`a page asks for the structured data of an unknown product: ${kind}`);
    return product(key, page, origin);
  });
}

/** The schema.org type of a listed organization: MedicalBusiness and its kinds, or LocalBusiness for a seller. */
const locationTypes = {
  clinic: "MedicalClinic",
  hospital: "Hospital",
  research_site: "MedicalBusiness",
  distributor: "LocalBusiness",
} as const;

/** One JSON-LD object per listing the locations page shows: name, address, phone, website. */
export function locationsJsonLd(
  items: readonly {
    name: string;
    kind: keyof typeof locationTypes;
    street: string;
    city: string;
    region: string;
    postalCode: string;
    country: string;
    phone: string | null;
    website: string | null;
  }[],
): object[] {
  return items.map((item) => ({
    "@context": "https://schema.org",
    "@type": locationTypes[item.kind],
    name: item.name,
    address: {
      "@type": "PostalAddress",
      ...(item.street ? { streetAddress: item.street } : {}),
      addressLocality: item.city,
      ...(item.region ? { addressRegion: item.region } : {}),
      ...(item.postalCode ? { postalCode: item.postalCode } : {}),
      addressCountry: item.country,
    },
    ...(item.phone ? { telephone: item.phone } : {}),
    ...(item.website ? { url: item.website } : {}),
  }));
}
