import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, gt, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../db/client.ts";
import { personalAccessTokens, users } from "../db/schema.ts";
import { enqueueMail } from "../mail/outbox.ts";
import { hasRole, lowerRole, roles, type Actor, type Decision, type Role, defineAccess } from "./access.ts";
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from "./errors.ts";
import { id, requiredText } from "./fields.ts";
import { defineOperation } from "./operation.ts";
import { actorFor, type User } from "./users.ts";

export type PersonalAccessToken = typeof personalAccessTokens.$inferSelect;

/** Tokens look like this, so secret scanners (and people) recognise a leaked one. */
export const tokenPrefix = "dpat_";
export const tokenLifetimesDays = [7, 30, 90, 365] as const;
const displayedCharacters = tokenPrefix.length + 6;

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

const own = (actor: Actor): SQL => eq(personalAccessTokens.userId, actor.id);

/** Tokens are for editors and admins. An admin sees and revokes anyone's; others only their own. */
function editorsOwnAdminsAll(actor: Actor | null): Decision {
  if (!actor || !hasRole(actor, "editor")) return false;
  return hasRole(actor, "admin") ? true : own(actor);
}

export const tokenAccess = defineAccess("token", {
  read: editorsOwnAdminsAll,
  // Made in a signed-in browser only: a token can never mint another token.
  create: (actor) => actor !== null && actor.via === "session" && hasRole(actor, "editor"),
  revoke: editorsOwnAdminsAll,
});

export const listTokens = defineOperation({
  access: tokenAccess,
  operation: "read",
  doing: "see access tokens",
  input: z.object({ userId: id.optional() }),
  write: false,
  run: async (scope, input): Promise<PersonalAccessToken[]> =>
    scope.db
      .select()
      .from(personalAccessTokens)
      .where(and(scope.rows, eq(personalAccessTokens.userId, input.userId ?? scope.actor.id)))
      .orderBy(desc(personalAccessTokens.createdAt)),
});

export const createToken = defineOperation({
  access: tokenAccess,
  operation: "create",
  doing: "create access tokens",
  input: z.object({
    name: requiredText(80, "Name the token after the script that will use it."),
    role: z.enum(roles),
    expiresInDays: z
      .number()
      .int()
      .refine(
        (days) => (tokenLifetimesDays as readonly number[]).includes(days),
        `Choose ${tokenLifetimesDays.join(", ")} days.`,
      ),
  }),
  write: true,
  run: async (scope, input): Promise<{ token: string; record: PersonalAccessToken }> => {
    if (!hasRole(scope.actor, input.role)) {
      throw new ValidationError({ role: `A token can have your role (${scope.actor.role}) or less, not more.` });
    }
    const token = `${tokenPrefix}${randomBytes(32).toString("base64url")}`;
    const [record] = await scope.db
      .insert(personalAccessTokens)
      .values({
        userId: scope.actor.id,
        name: input.name,
        tokenHash: hashToken(token),
        prefix: token.slice(0, displayedCharacters),
        role: input.role,
        createdAt: scope.now,
        expiresAt: new Date(scope.now.getTime() + input.expiresInDays * 86_400_000),
      })
      .returning();
    if (!record) throw new Error("the token was not saved");
    const [owner] = await scope.db.select().from(users).where(eq(users.id, scope.actor.id)).limit(1);
    if (owner?.email && owner.notifyAccountChanges) {
      await enqueueMail(scope.db, {
        to: owner.email,
        subject: "A personal access token was created on your Densara account",
        text: [
          `Hello ${owner.name ?? owner.email},`,
          "",
          `A personal access token named "${record.name}" (${record.prefix}…, role ${record.role}) was created on your account. It works until ${record.expiresAt.toUTCString()}.`,
          "",
          "If this was not you, revoke it in Settings and reset your password.",
        ].join("\n"),
      });
    }
    await scope.audit({
      target: { type: "token", id: record.id, label: `${record.name} (${record.prefix}…)` },
      after: { name: record.name, role: record.role, expiresAt: record.expiresAt },
    });
    return { token, record };
  },
});

export const revokeToken = defineOperation({
  access: tokenAccess,
  operation: "revoke",
  doing: "revoke access tokens",
  input: z.object({ id }),
  write: true,
  run: async (scope, input): Promise<PersonalAccessToken> => {
    const [row] = await scope.db
      .select({ token: personalAccessTokens, allowed: scope.rows ? sql<boolean>`${scope.rows}` : sql<boolean>`true` })
      .from(personalAccessTokens)
      .where(eq(personalAccessTokens.id, input.id))
      .limit(1);
    if (!row) throw new NotFoundError("That token does not exist.");
    if (!row.allowed) throw new ForbiddenError("You can only revoke your own tokens.");
    if (row.token.revokedAt) throw new ConflictError("That token has already been revoked.");
    const [revoked] = await scope.db
      .update(personalAccessTokens)
      .set({ revokedAt: scope.now })
      .where(eq(personalAccessTokens.id, input.id))
      .returning();
    if (!revoked) throw new NotFoundError("That token does not exist.");
    await scope.audit({
      target: { type: "token", id: revoked.id, label: `${revoked.name} (${revoked.prefix}…)` },
      before: { revokedAt: null },
      after: { revokedAt: revoked.revokedAt },
    });
    return revoked;
  },
});

/** Last use is written at most this often, so a busy script costs one query per request. */
const touchIntervalMs = 60_000;

export type TokenAuthentication = { actor: Actor; user: User; token: PersonalAccessToken };

/**
 * The actor behind a presented token: its owner, at the token's role capped by the
 * owner's current one. Unknown, revoked and expired tokens, and tokens of people who can
 * no longer sign in, authenticate no one.
 */
export async function authenticateToken(
  db: Database,
  token: string,
  now = new Date(),
): Promise<TokenAuthentication | null> {
  if (!token.startsWith(tokenPrefix) || token.length > 200) return null;
  const [row] = await db
    .select({ token: personalAccessTokens, user: users })
    .from(personalAccessTokens)
    .innerJoin(users, eq(users.id, personalAccessTokens.userId))
    .where(
      and(
        eq(personalAccessTokens.tokenHash, hashToken(token)),
        isNull(personalAccessTokens.revokedAt),
        gt(personalAccessTokens.expiresAt, now),
        eq(users.status, "active"),
      ),
    )
    .limit(1);
  if (!row) return null;
  if (!row.token.lastUsedAt || now.getTime() - row.token.lastUsedAt.getTime() >= touchIntervalMs) {
    await db
      .update(personalAccessTokens)
      .set({ lastUsedAt: now })
      .where(
        and(
          eq(personalAccessTokens.id, row.token.id),
          or(isNull(personalAccessTokens.lastUsedAt), lt(personalAccessTokens.lastUsedAt, now)),
        ),
      );
  }
  const role: Role = lowerRole(row.token.role, row.user.role);
  return { actor: actorFor(row.user, "token", role), user: row.user, token: row.token };
}
