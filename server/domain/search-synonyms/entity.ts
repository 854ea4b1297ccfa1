import { searchSynonyms } from "../../db/schema/index.ts";
import { allow } from "../core/access.ts";
import { defineEntity, type RowVerdict } from "../core/entity.ts";

export type SearchSynonymGroup = typeof searchSynonyms.$inferSelect;

const allowed = (): RowVerdict => "allowed";

/**
 * Groups of terms the docs search treats as one ("wifi, wireless, wlan"): a search for
 * any of them finds the others. Editors and admins keep them; every signed-in reader's
 * search uses them (server/domain/docs/search.ts reads them directly).
 */
export const searchSynonymEntity = defineEntity({
  name: "searchSynonym",
  plural: "Search synonyms",
  table: searchSynonyms,
  label: (group) => group.terms.join(", "),
  notFound: "That synonym group does not exist: someone may have deleted it. Reload the page.",
  rules: {
    read: allow.role("editor"),
    create: allow.role("editor"),
    update: allow.role("editor"),
    delete: allow.role("editor"),
  },
  rowChecks: {
    update: allowed,
    delete: allowed,
  },
  actions: {
    create: { words: "added the search synonyms", label: "Search synonyms added" },
    update: { words: "changed the search synonyms", label: "Search synonyms changed" },
    delete: { words: "deleted the search synonyms", label: "Search synonyms deleted" },
  },
});
