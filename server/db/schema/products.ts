import { pgEnum } from "drizzle-orm/pg-core";
import { productIds } from "../../../shared/product-line.ts";

/**
 * The product generations: what releases are of, what docs are for, and which the docs show
 * a reader. (Its name in the database is the one it got when releases were its first user.)
 */
export const productEnum = pgEnum("release_product", productIds);
