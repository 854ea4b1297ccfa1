import type { SQL } from "drizzle-orm";
import { z } from "zod";
import { roleEnum, type UserGrant } from "../../db/schema/users.ts";

const roles = roleEnum.enumValues;
export type Role = (typeof roles)[number];

/** A role, as inputs take it; the GraphQL enum `Role` is made from this. */
export const role = z.enum(roles, { error: "Choose a role from the list: admin, editor or viewer." }).meta({
  id: "Role",
  description: "admin: everything. editor: docs, media and releases. viewer: reads published releases and docs.",
});

/**
 * Who is asking. Every domain operation runs for an actor, or for no one (anonymous),
 * and its access rule decides from this alone.
 */
export type Actor = {
  id: string;
  role: Role;
  organizationId: string | null;
  /** How the actor is named in the audit trail: their name, else their address. */
  label: string;
  /** A signed-in browser, a personal access token (a script), or the product itself (seeding). */
  via: "session" | "token" | "system";
  /** Duties given beyond the role (`users.grants`); none when left out. */
  grants?: readonly UserGrant[];
};

export type { UserGrant };

/** The product acting on its own schedule (the retention purge): an admin's reach, named in the log as itself. */
export const scheduledJobs: Actor = {
  id: "00000000-0000-4000-8000-00000000c10c",
  role: "admin",
  organizationId: null,
  label: "Scheduled job",
  via: "system",
};

/** Roles by reach: an admin can do what an editor can, an editor what a viewer can. */
const rank: Record<Role, number> = { viewer: 0, editor: 1, admin: 2 };

export function hasRole(actor: Pick<Actor, "role">, minimum: Role): boolean {
  return rank[actor.role] >= rank[minimum];
}

/** The lower of two roles: a token never reaches further than its owner. */
export function lowerRole(a: Role, b: Role): Role {
  return rank[a] <= rank[b] ? a : b;
}

/**
 * An access rule's answer: yes, no, or yes for the rows this filter selects. The filter
 * is applied by the row helpers of the operation's scope (`core/rows.ts`), never by hand.
 */
export type Decision = boolean | SQL;
export type Rule = (actor: Actor | null) => Decision;

/** Building blocks for rules; an entity's rules read as a sentence. */
export const allow = {
  anyone: (): Decision => true,
  signedIn: (actor: Actor | null): Decision => actor !== null,
  role:
    (minimum: Role): Rule =>
    (actor) =>
      actor !== null && hasRole(actor, minimum),
  /** Everything from this role up; below it, only the rows the filter selects. */
  roleOrRows:
    (minimum: Role, rows: (actor: Actor) => SQL): Rule =>
    (actor) => {
      if (actor === null) return false;
      return hasRole(actor, minimum) ? true : rows(actor);
    },
  /** This role and up, and anyone given the duty. */
  roleOrGrant:
    (minimum: Role, grant: UserGrant): Rule =>
    (actor) =>
      actor !== null && (hasRole(actor, minimum) || (actor.grants?.includes(grant) ?? false)),
  /** Any signed-in person, for the rows the filter selects. */
  rows:
    (rows: (actor: Actor) => SQL): Rule =>
    (actor) =>
      actor === null ? false : rows(actor),
} as const;

/** How far an actor may go with one operation: everywhere, on some rows, or not at all. */
export type Reach = "all" | "some" | "none";

export function reachOf(decision: Decision): Reach {
  if (decision === true) return "all";
  if (decision === false) return "none";
  return "some";
}
