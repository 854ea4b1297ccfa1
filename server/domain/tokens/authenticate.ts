import { and, eq, gt, isNull, lt, or } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { personalAccessTokens, users } from "../../db/schema/index.ts";
import { lowerRole, type Actor, type Role } from "../core/access.ts";
import { actorFor, type User } from "../users/entity.ts";
import { hashToken, tokenPrefix, type PersonalAccessToken } from "./entity.ts";

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
