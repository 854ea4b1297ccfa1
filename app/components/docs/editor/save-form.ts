import type { Fields } from "./doc-fields.tsx";
import type { WorkInProgress } from "./use-server-draft.ts";

/** What a save sends: the work, and (for a page that exists) the revision and the fields it started from. */
export type SaveRequest = {
  csrf: string;
  /** The page's id; null for a new page (the save creates it). */
  docId: string | null;
  version: number;
  revision: number;
  fields: Fields;
  body: string;
  /** The fields as the writer found them: the server merges three ways from these when someone else saved first. */
  base: WorkInProgress;
  publish: boolean;
};

const baseFields = ["title", "description", "slug", "parentId", "position", "counterpartId"] as const;

/**
 * The editor's save as the route's action reads it (multipart, so the body's line breaks
 * arrive as the server expects them): the product generations as repeated `products`
 * fields, empty optional fields left out.
 */
export function saveForm(request: SaveRequest): FormData {
  const form = new FormData();
  form.set("intent", request.docId ? "save" : "create");
  form.set("csrf", request.csrf);
  if (request.docId) {
    form.set("id", request.docId);
    form.set("version", String(request.version));
    form.set("baseRevision", String(request.revision));
    for (const name of baseFields) form.set(`base.${name}`, request.base[name]);
    for (const product of request.base.products.split(",")) form.append("base.products", product);
  }
  const { fields } = request;
  form.set("title", fields.title);
  form.set("slug", fields.slug);
  if (fields.parentId) form.set("parentId", fields.parentId);
  if (fields.position.trim()) form.set("position", fields.position.trim());
  form.set("description", fields.description);
  for (const product of fields.products.split(",")) form.append("products", product);
  if (fields.counterpartId) form.set("counterpartId", fields.counterpartId);
  form.set("body", request.body);
  if (request.publish) form.set("publish", "true");
  return form;
}
