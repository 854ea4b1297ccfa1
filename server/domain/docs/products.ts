import { and, eq, isNull, ne, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { docs, organizations, users } from "../../db/schema/index.ts";
import type { Actor } from "../core/access.ts";
import type { ReadDatabase } from "../core/database.ts";
import { ValidationError } from "../core/errors.ts";
import type { Doc } from "./entity.ts";
import { currentProduct, productsInWords, type ProductId } from "../../../shared/product-line.ts";

/**
 * Docs per product generation (ADR 038). A page is for the v5, the v4 or both; a page for
 * one may name its version for the other (`counterpartId`); each reader sees the docs of
 * the generation they chose, or by default of the equipment their organization owns.
 */

/**
 * A page's products fit its place: no more than the page it sits under, and no fewer than
 * the pages under it (a reader of one generation never finds a page whose section they
 * cannot see).
 */
export async function checkProducts(
  tx: Database,
  products: readonly ProductId[],
  parent: Pick<Doc, "title" | "products"> | null,
  self: Pick<Doc, "id"> | null,
): Promise<void> {
  const beyond = parent ? products.filter((each) => !parent.products.includes(each)) : [];
  if (parent && beyond.length > 0) {
    throw new ValidationError({
      products: `“${parent.title}”, the page this sits under, is for ${productsInWords(parent.products)} only: choose that, or another parent.`,
    });
  }
  if (!self) return;
  const [wider] = await tx
    .select({ title: docs.title, products: docs.products })
    .from(docs)
    .where(
      and(
        eq(docs.parentId, self.id),
        isNull(docs.deletedAt),
        sql`not (${docs.products} <@ array[${sql.join(
          products.map((each) => sql`${each}`),
          sql`, `,
        )}]::release_product[])`,
      ),
    )
    .limit(1);
  if (wider) {
    throw new ValidationError({
      products: `“${wider.title}”, a page under this one, is for ${productsInWords(wider.products)}: keep those products, or change that page first.`,
    });
  }
}

/**
 * The page named as this one's version for the other generation, checked: a live page,
 * not this one, for exactly the other product while this one is for one, and not already
 * the other version of a third page.
 */
export async function checkCounterpart(
  tx: Database,
  counterpartId: string | null,
  products: readonly ProductId[],
  self: Pick<Doc, "id"> | null,
): Promise<void> {
  if (counterpartId === null) return;
  const refuse = (message: string): never => {
    throw new ValidationError({ counterpartId: message });
  };
  if (products.length !== 1) {
    refuse("Only a page for one product can name its version for the other: choose the v5 or the v4 above.");
  }
  if (self && counterpartId === self.id) refuse("A page cannot be its own version for the other product.");
  const [other] = await tx
    .select({ title: docs.title, products: docs.products, counterpartId: docs.counterpartId })
    .from(docs)
    .where(and(eq(docs.id, counterpartId), isNull(docs.deletedAt)));
  if (!other) return refuse("That page no longer exists: choose another one.");
  if (other.products.length !== 1 || other.products[0] === products[0]) {
    refuse(
      `“${other.title}” is for ${productsInWords(other.products)}: its version for the other product must be for one product, not the same.`,
    );
  }
  if (other.counterpartId !== null && other.counterpartId !== self?.id) {
    refuse(`“${other.title}” already names another page as its other version.`);
  }
  const [taken] = await tx
    .select({ title: docs.title })
    .from(docs)
    .where(and(eq(docs.counterpartId, counterpartId), isNull(docs.deletedAt), self ? ne(docs.id, self.id) : undefined));
  if (taken) refuse(`“${taken.title}” is already the other version of “${other.title}”.`);
}

/** The page a doc names as its other version, or the one that names it. */
export async function counterpartOf(db: ReadDatabase, doc: Pick<Doc, "id" | "counterpartId">): Promise<string | null> {
  if (doc.counterpartId) return doc.counterpartId;
  const [named] = await db
    .select({ id: docs.id })
    .from(docs)
    .where(and(eq(docs.counterpartId, doc.id), isNull(docs.deletedAt)));
  return named?.id ?? null;
}

/**
 * The generation the docs show a reader when they have not just chosen one: their own
 * choice, kept on their account; else the one their organization owns units of, if it owns
 * only one kind; else the newest.
 */
export async function readerProduct(db: ReadDatabase, actor: Actor | null): Promise<ProductId> {
  if (!actor || actor.via === "system") return currentProduct;
  const [row] = await db
    .select({ chosen: users.docsProduct, owned: organizations.products })
    .from(users)
    .leftJoin(organizations, eq(organizations.id, users.organizationId))
    .where(eq(users.id, actor.id));
  if (row?.chosen) return row.chosen;
  const owned = [...new Set((row?.owned ?? []).filter((item) => item.units > 0).map((item) => item.product))];
  return owned.length === 1 && owned[0] ? owned[0] : currentProduct;
}
