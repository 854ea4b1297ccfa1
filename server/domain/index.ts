import { reachOf, decide, type Actor, type EntityAccess, type Reach } from "./access.ts";
import * as activity from "./activity.ts";
import type { Operation } from "./operation.ts";
import * as organizations from "./organizations.ts";
import * as pictures from "./pictures.ts";
import * as settings from "./settings.ts";
import * as tokens from "./tokens.ts";
import * as users from "./users.ts";

/** Every entity's access rules, in the order the UI lists them. */
export const entityAccess = [
  users.userAccess,
  organizations.organizationAccess,
  activity.activityAccess,
  settings.settingAccess,
  tokens.tokenAccess,
] as const satisfies readonly EntityAccess[];

export type AnyOperation = Operation<never, unknown>;

function isOperation(value: unknown): value is AnyOperation {
  return typeof value === "function" && "entity" in value && "operation" in value && "write" in value;
}

/**
 * Every domain operation by its exported name, found in the entity modules: the
 * permission matrix test walks this list, so a new operation cannot go untested.
 */
export const domainOperations: Readonly<Record<string, AnyOperation>> = Object.fromEntries(
  [users, pictures, organizations, activity, settings, tokens].flatMap((module) =>
    Object.entries(module).filter((entry): entry is [string, AnyOperation] => isOperation(entry[1])),
  ),
);

export type Capabilities = Record<string, Record<string, Reach>>;

/** What an actor may do, entity by entity and operation by operation, straight from the rules. */
export function capabilitiesOf(actor: Actor | null): Capabilities {
  return Object.fromEntries(
    entityAccess.map((access) => [
      access.entity,
      Object.fromEntries(
        Object.keys(access.rules).map((operation) => [operation, reachOf(decide(access, operation, actor))]),
      ),
    ]),
  );
}

/** The actions the activity log can hold: every write operation, and the sign-in events. */
export const activityActions: readonly string[] = [
  "user.signIn",
  "user.firstSignIn",
  "user.acceptInvitation",
  "user.signOutOthers",
  "user.updatePicture",
  "user.removePicture",
  ...new Set(
    Object.values(domainOperations)
      .filter((operation) => operation.write)
      .map((operation) => `${operation.entity}.${operation.operation}`),
  ),
].sort();
