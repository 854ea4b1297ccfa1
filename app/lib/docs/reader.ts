/** The docs reader's own words and shapes, for its pages and their server half. */

export type DocsProduct = "v4" | "v5";

/** What the docs' bar knows of the reader: the generation shown, and what they may do. */
export type DocsReader = {
  product: DocsProduct;
  csrfToken: string;
  /** The reader's account and the version their choice is saved against. */
  user: { id: string; version: number };
  /** Editors and admins write pages: the bar offers a new one. */
  canWrite: boolean;
};

export const productNames: Record<DocsProduct, string> = { v5: "Densara v5", v4: "Densara v4" };

/** "the v5", "the v4 and the v5": what a page is for, in a sentence. */
export function productsInWords(products: readonly DocsProduct[]): string {
  return products.map((product) => `the ${product}`).join(" and ");
}
