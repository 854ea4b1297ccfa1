import { sql } from "drizzle-orm";
import { z } from "zod";
import { searchSynonyms } from "../../db/schema/index.ts";
import type { Database } from "../../db/client.ts";
import { ValidationError } from "../core/errors.ts";
import { rowVersion } from "../core/fields.ts";
import { searchSynonymEntity, type SearchSynonymGroup } from "./entity.ts";
import { synonymKey, synonymLimits, synonymTerms } from "./fields.ts";

/** Synonym writes take turns (a transaction-long advisory lock), so two cannot put one term in two groups. */
const synonymsLock = 4_711_202_617;

/**
 * A term belongs to one group at most: a search for it would otherwise widen to two
 * groups at once, and no editor could tell which one to change.
 */
async function refuseTermsElsewhere(tx: Database, terms: readonly string[], own?: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${synonymsLock})`);
  const groups = await tx.select({ id: searchSynonyms.id, terms: searchSynonyms.terms }).from(searchSynonyms);
  const mine = new Map(terms.map((term) => [synonymKey(term), term]));
  for (const group of groups) {
    if (group.id === own) continue;
    const shared = group.terms.find((term) => mine.has(synonymKey(term)));
    if (shared !== undefined) {
      throw new ValidationError({
        terms: `“${mine.get(synonymKey(shared)) ?? shared}” is already in the group “${group.terms.join(", ")}”: add the other terms there, or take it out of that group first.`,
      });
    }
  }
  if (!own && groups.length >= synonymLimits.groups) {
    throw new ValidationError({
      terms: `There are ${synonymLimits.groups} groups already: add these terms to one of them, or delete one you no longer need.`,
    });
  }
}

export const createSearchSynonym = searchSynonymEntity.write({
  operation: "create",
  doing: "add search synonyms",
  input: z.object({ terms: synonymTerms }),
  run: async (scope, input): Promise<SearchSynonymGroup> => {
    await refuseTermsElsewhere(scope.tx, input.terms);
    const created = await scope.insert({ terms: input.terms, createdAt: scope.now, updatedAt: scope.now });
    await scope.audit({ row: created, after: { terms: created.terms } });
    return created;
  },
});

/** Replaces a group's terms, at the version the editor read. */
export const updateSearchSynonym = searchSynonymEntity.write({
  operation: "update",
  doing: "change search synonyms",
  input: z.object({ ...rowVersion, terms: synonymTerms }),
  run: async (scope, input): Promise<SearchSynonymGroup> => {
    const { row: group } = await scope.target(input);
    if (group.terms.join("\n") === input.terms.join("\n")) {
      scope.unchanged();
      return group;
    }
    await refuseTermsElsewhere(scope.tx, input.terms, group.id);
    const updated = await scope.update(input, { terms: input.terms });
    await scope.audit({ row: updated, before: { terms: group.terms }, after: { terms: updated.terms } });
    return updated;
  },
});

export const deleteSearchSynonym = searchSynonymEntity.write({
  operation: "delete",
  doing: "delete search synonyms",
  input: z.object(rowVersion),
  run: async (scope, input): Promise<SearchSynonymGroup> => {
    await scope.target(input);
    const deleted = await scope.remove(input);
    await scope.audit({ row: deleted, before: { terms: deleted.terms } });
    return deleted;
  },
});
