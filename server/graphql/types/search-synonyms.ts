import {
  createSearchSynonym,
  deleteSearchSynonym,
  listSearchSynonyms,
  searchSynonymEntity,
  updateSearchSynonym,
  type SearchSynonymGroup,
} from "../../domain/search-synonyms/index.ts";
import { builder } from "../builder.ts";
import { mutationField, queryField, rowCapabilities } from "../operations.ts";

const SearchSynonymCan = rowCapabilities<SearchSynonymGroup>(searchSynonymEntity, (group) => group.id);

const SearchSynonymType = builder.objectRef<SearchSynonymGroup>("SearchSynonym").implement({
  description: "Terms the docs search treats as one: a search for any of them finds the others.",
  fields: (t) => ({
    id: t.exposeID("id"),
    version: t.exposeInt("version"),
    terms: t.exposeStringList("terms", { description: "As the editors wrote them, in their order." }),
    updatedAt: t.expose("updatedAt", { type: "DateTime" }),
    can: t.field({ type: SearchSynonymCan, resolve: (group) => group }),
  }),
});

queryField("searchSynonyms", {
  operation: listSearchSynonyms,
  type: [SearchSynonymType],
  description: "The docs search's synonym groups, by their first term (editors and admins).",
});

mutationField("createSearchSynonym", {
  operation: createSearchSynonym,
  type: SearchSynonymType,
  description: "Adds a group of terms the docs search treats as one. A term belongs to one group only.",
});
mutationField("updateSearchSynonym", {
  operation: updateSearchSynonym,
  type: SearchSynonymType,
  description: "Replaces a group's terms, at the version you read.",
});
mutationField("deleteSearchSynonym", {
  operation: deleteSearchSynonym,
  type: SearchSynonymType,
  description: "Deletes the group: a search no longer widens to its other terms. Returns it as it was.",
});
