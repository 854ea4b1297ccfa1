import { z } from "zod";
import { bodyLimit, depthLimit, slugLimit } from "../../../shared/doc-paths.ts";
import { multiLine, oneLine, requiredLine } from "../core/fields.ts";
import { productIds as allProducts } from "../../../shared/product-line.ts";
import { product } from "../core/product.ts";

export const docBodyLimit = bodyLimit;
export { depthLimit };

export const docTitle = requiredLine("the title", 120, "Give the page a title.");

/** Checked against the slug rules in the write, where it is known whether the doc is at the top. */
export const docSlug = oneLine("the slug", { error: "Give the page a slug: the last part of its address." })
  .trim()
  .max(slugLimit + 20, `Keep the slug to ${slugLimit} characters.`);

/** The product generations a page is for: one, or both (listed v4 first, each once). */
export const docProducts = z
  .array(product, { error: "Choose the products the page is for: the v5, the v4 or both." })
  .min(1, "Choose the products the page is for: the v5, the v4 or both.")
  .max(allProducts.length)
  .refine((list) => new Set(list).size === list.length, "Name each product once.")
  .transform((list) => allProducts.filter((each) => list.includes(each)))
  .default([...allProducts])
  .describe("The product generations the page is for; left out, both.");

export const docFields = {
  title: docTitle,
  slug: docSlug,
  parentId: z
    .uuid({ error: "That parent page is not valid: choose it from the list." })
    .nullable()
    .default(null)
    .describe("The page it sits under; none for a top-level page."),
  position: z
    .number({ error: "Give the position as a whole number." })
    .int("Give the position as a whole number.")
    .min(0, "The position starts at 0 (first).")
    .max(9999, "Use a position below 10,000.")
    .optional()
    .describe("Its place among the pages beside it, 0 first; left out, it goes last."),
  description: oneLine("the description")
    .trim()
    .max(300, "Keep the description to 300 characters: one or two sentences.")
    .default(""),
  products: docProducts,
  counterpartId: z
    .uuid({ error: "That page is not valid: choose it from the list." })
    .nullable()
    .default(null)
    .describe("The same page for the other product generation (a v5 page's v4 version); none by default."),
  // Lines end in LF whoever sent them (a browser's multipart form sends CRLF): multi-line text does that.
  body: multiLine("the page's text")
    .max(
      docBodyLimit,
      `This page is longer than ${docBodyLimit.toLocaleString("en-US")} characters: split it into pages of their own.`,
    )
    .default(""),
};
