/** The docs reader's own words and shapes, for its pages and their server half. */

import type { ProductId } from "../../../shared/product-line.ts";

/** What the docs' bar knows of the reader: the generation shown, and what they may do. */
export type DocsReader = {
  product: ProductId;
  csrfToken: string;
  /** The reader's account and the version their choice is saved against. */
  user: { id: string; version: number };
  /** Editors and admins write pages: the bar offers a new one. */
  canWrite: boolean;
};
