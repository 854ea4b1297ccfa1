import { z } from "zod";
import { productChoicesInWords, productIds } from "../../../shared/product-line.ts";

/** A product generation as every input takes it (the API's `Product` enum), from the product line (ADR 045). */
export const product = z
  .enum(productIds, { error: `Choose ${productChoicesInWords()}.` })
  .meta({ id: "Product", description: "A generation of Densara equipment." });
