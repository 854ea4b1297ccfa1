import { createHash } from "node:crypto";
import { eq, type SQL } from "drizzle-orm";
import { personalAccessTokens } from "../../db/schema/index.ts";
import { hasRole, type Actor, type Decision } from "../core/access.ts";
import { defineEntity } from "../core/entity.ts";

export type PersonalAccessToken = typeof personalAccessTokens.$inferSelect;

/** Tokens look like this, so secret scanners (and people) recognise a leaked one. */
export const tokenPrefix = "dpat_";
export const tokenLifetimesDays = [7, 30, 90, 365] as const;

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

/** Whether a token still works at this moment: not revoked, not expired. */
export function tokenIsActive(token: PersonalAccessToken, now: Date): boolean {
  return token.revokedAt === null && token.expiresAt > now;
}

const own = (actor: Actor): SQL => eq(personalAccessTokens.userId, actor.id);

/** Tokens are for editors and admins. An admin sees and revokes anyone's; others only their own. */
function editorsOwnAdminsAll(actor: Actor | null): Decision {
  if (!actor || !hasRole(actor, "editor")) return false;
  return hasRole(actor, "admin") ? true : own(actor);
}

/** Personal access tokens for scripts: made once, shown once, revoked for good. */
export const tokenEntity = defineEntity({
  name: "token",
  plural: "Access tokens",
  table: personalAccessTokens,
  label: (token) => `${token.name} (${token.prefix}…)`,
  notFound: "That token does not exist.",
  rules: {
    read: editorsOwnAdminsAll,
    // Made in a signed-in browser only: a token can never mint another token.
    create: (actor) => actor !== null && actor.via === "session" && hasRole(actor, "editor"),
    revoke: editorsOwnAdminsAll,
  },
  rowChecks: {
    // A token that no longer works has nothing left to revoke.
    revoke: (token, _actor, now) => (tokenIsActive(token, now) ? "allowed" : "done"),
  },
  actions: {
    create: { words: "created the access token", label: "Access token created" },
    revoke: { words: "revoked the access token", label: "Access token revoked" },
  },
});
