import type { Role } from "./users.ts";

/** Who is asking: every domain operation that reads or writes on someone's behalf takes one. */
export type Actor = { id: string; role: Role };

export class ForbiddenError extends Error {
  override name = "ForbiddenError";
}

/** Roles by reach: an admin can do what an editor can, an editor what a viewer can. */
const rank: Record<Role, number> = { viewer: 0, editor: 1, admin: 2 };

export function hasRole(actor: Actor, role: Role): boolean {
  return rank[actor.role] >= rank[role];
}

export function requireRole(actor: Actor, role: Role, doing: string): void {
  if (!hasRole(actor, role)) throw new ForbiddenError(`You need the ${role} role to ${doing}.`);
}
