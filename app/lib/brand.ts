import site from "../../content/site.yaml";

/** The brand, company, products and outbound links: one file, content/site.yaml. */
export { site };

export function productByKey(key: string) {
  return site.products.find((product) => product.key === key);
}

/** "About" → "About · Densara Bone Density Systems". */
export function pageTitle(title: string): string {
  return `${title} · ${site.brand.titleSuffix}`;
}
