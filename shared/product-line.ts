/**
 * The product line: Densara's generations of equipment, named once (ADR 045). Releases
 * are of a product, docs are for one or both, organizations own units of each, inquiries
 * and certification applications name one, the locations finder filters by them, and the
 * public pages, feeds and structured data describe them. Every one of those reads its ids,
 * names and order from here; the database's enum and the API's `Product` enum are built
 * from `productIds`.
 */

/** The generations, oldest first: the order of the database's enum and the API's. */
export const productIds = ["v4", "v5"] as const;

export type ProductId = (typeof productIds)[number];

export type ProductLine = {
  id: ProductId;
  /** "Densara v5": the product's full name, wherever it stands alone. */
  name: string;
  /** "v5": in a table or a filter, where the brand is understood. */
  short: string;
  /** "the v5": in a sentence ("This page is for the v5."). */
  inSentence: string;
  /** The generation's number, for ordering and structured data. */
  generation: number;
  /** The product's public page. */
  page: string;
};

export const productLine: Readonly<Record<ProductId, ProductLine>> = {
  v4: {
    id: "v4",
    name: "Densara v4",
    short: "v4",
    inSentence: "the v4",
    generation: 4,
    page: "/products/v4",
  },
  v5: {
    id: "v5",
    name: "Densara v5",
    short: "v5",
    inSentence: "the v5",
    generation: 5,
    page: "/products/v5",
  },
};

/** The generation sold today: what a form or the docs show first when nothing else says. */
export const currentProduct: ProductId = "v5";

/** The current generation first: the order people choose in (forms, filters, the docs bar, feeds). */
export const productsNewestFirst: readonly ProductId[] = [...productIds].sort(
  (a, b) => productLine[b].generation - productLine[a].generation,
);

export function isProductId(value: unknown): value is ProductId {
  return typeof value === "string" && (productIds as readonly string[]).includes(value);
}

/** "Densara v5". */
export function productName(id: ProductId): string {
  return productLine[id].name;
}

/** A table of one word per product, newest first, as a `<select>`'s options or a filter's labels take it. */
export function productLabelsBy(word: (product: ProductLine) => string): Record<ProductId, string> {
  return Object.fromEntries(productsNewestFirst.map((id) => [id, word(productLine[id])])) as Record<ProductId, string>;
}

/** "the v5", "the v4 and the v5": what something is for, in a sentence, oldest first. */
export function productsInWords(ids: readonly ProductId[]): string {
  return productIds
    .filter((id) => ids.includes(id))
    .map((id) => productLine[id].inSentence)
    .join(" and ");
}

/** "v4 or v5": the choices in a refusal ("Choose v4 or v5."). */
export function productChoicesInWords(conjunction: "or" | "and" = "or"): string {
  const shorts = productIds.map((id) => productLine[id].short);
  return shorts.length < 2
    ? (shorts[0] ?? "")
    : `${shorts.slice(0, -1).join(", ")} ${conjunction} ${shorts[shorts.length - 1] ?? ""}`;
}
