import { z } from "zod";
import { reachOf, type Actor, type Reach } from "./core/access.ts";
import { isEntity, isOperation, type AnyEntity, type Operation } from "./core/entity.ts";
import * as activity from "./activity/index.ts";
import * as certification from "./certification/index.ts";
import * as docs from "./docs/index.ts";
import * as inquiries from "./inquiries/index.ts";
import * as media from "./media/index.ts";
import * as organizations from "./organizations/index.ts";
import * as releases from "./releases/index.ts";
import * as searchSynonyms from "./search-synonyms/index.ts";
import * as settings from "./settings/index.ts";
import * as tokens from "./tokens/index.ts";
import * as users from "./users/index.ts";

/**
 * The entity modules, listed once, in the order the UI lists them. Entities and their
 * operations are found in their exports; a test fails for an entity or operation under
 * server/domain that is not reached from here (registry.test.ts).
 */
const entityModules = [
  users,
  organizations,
  inquiries,
  certification,
  media,
  releases,
  docs,
  searchSynonyms,
  activity,
  settings,
  tokens,
] as const;

export const entities: readonly AnyEntity[] = entityModules.flatMap((module) => Object.values(module).filter(isEntity));

export type AnyOperation = Operation<never, unknown>;

export type Capabilities = Record<string, Record<string, Reach>>;

/** What an actor may do, entity by entity and operation by operation, straight from the rules. */
export function capabilitiesOf(actor: Actor | null): Capabilities {
  return Object.fromEntries(
    entities.map((entity) => [
      entity.name,
      Object.fromEntries(
        Object.keys(entity.rules).map((operation) => [operation, reachOf(entity.decide(operation, actor))]),
      ),
    ]),
  );
}

/**
 * Every action the activity log can hold, with its words and its filter label:
 * "user.changeRole" → "changed the role of", "Role changed". Listed by label.
 */
export const activityActions: readonly { action: string; words: string; label: string }[] = entities
  .flatMap((entity) =>
    Object.entries(entity.actions).map(([name, { words, label }]) => ({
      action: `${entity.name}.${name}`,
      words,
      label,
    })),
  )
  .sort((a, b) => a.label.localeCompare(b.label));

/** The kinds of record the activity log is about, as people say them. */
export const activityKinds: readonly { type: string; label: string }[] = entities
  .filter((entity) => Object.keys(entity.actions).length > 0)
  .map((entity) => ({ type: entity.name, label: entity.plural }));

export type ActivityVocabulary = {
  actions: readonly { action: string; words: string; label: string }[];
  kinds: readonly { type: string; label: string }[];
};

/** The activity log's actions and kinds of record, for those who may read the log (its filters). */
export const readActivityVocabulary = activity.activityEntity.read({
  operation: "read",
  doing: "read the activity log",
  input: z.object({}),
  run: (): Promise<ActivityVocabulary> => Promise.resolve({ actions: activityActions, kinds: activityKinds }),
});

/** Every domain operation by its exported name: the permission matrix and the API walk this list. */
export const domainOperations: Readonly<Record<string, AnyOperation>> = Object.fromEntries([
  ...entityModules.flatMap((module) =>
    Object.entries(module).filter((entry): entry is [string, AnyOperation] => isOperation(entry[1])),
  ),
  ["readActivityVocabulary", readActivityVocabulary as AnyOperation],
]);
