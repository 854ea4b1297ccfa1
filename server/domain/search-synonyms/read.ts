import { asc, getTableColumns, sql } from "drizzle-orm";
import { z } from "zod";
import { searchSynonyms } from "../../db/schema/index.ts";
import { searchSynonymEntity, type SearchSynonymGroup } from "./entity.ts";

/** Every synonym group, by its first term (whatever its case): a short list, read whole (at most 200 groups). */
export const listSearchSynonyms = searchSynonymEntity.read({
  operation: "read",
  doing: "read the search synonyms",
  input: z.object({}),
  run: (scope): Promise<SearchSynonymGroup[]> =>
    scope
      .select(getTableColumns(searchSynonyms))
      .orderBy(asc(sql`lower(${searchSynonyms.terms}[1])`), asc(searchSynonyms.id)),
});
