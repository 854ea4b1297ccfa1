import { randomBytes } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../db/client.ts";
import { personalAccessTokens, users } from "../../db/schema/index.ts";
import { enqueueMail } from "../../mail/outbox.ts";
import { hasRole, role } from "../core/access.ts";
import { ValidationError } from "../core/errors.ts";
import { id, requiredLine } from "../core/fields.ts";
import { hashToken, tokenEntity, tokenLifetimesDays, tokenPrefix, type PersonalAccessToken } from "./entity.ts";

const displayedCharacters = tokenPrefix.length + 6;

export const createToken = tokenEntity.write({
  operation: "create",
  doing: "create access tokens",
  input: z.object({
    name: requiredLine("the token's name", 80, "Name the token after the script that will use it."),
    role,
    expiresInDays: z
      .number({ error: `Choose ${tokenLifetimesDays.join(", ")} days.` })
      .int(`Choose ${tokenLifetimesDays.join(", ")} days.`)
      .refine(
        (days) => (tokenLifetimesDays as readonly number[]).includes(days),
        `Choose ${tokenLifetimesDays.join(", ")} days.`,
      )
      .describe(`One of ${tokenLifetimesDays.join(", ")}.`),
  }),
  run: async (scope, input): Promise<{ token: string; record: PersonalAccessToken }> => {
    if (!hasRole(scope.actor, input.role)) {
      throw new ValidationError({ role: `A token can have your role (${scope.actor.role}) or less, not more.` });
    }
    const token = `${tokenPrefix}${randomBytes(32).toString("base64url")}`;
    const record = await scope.insert({
      userId: scope.actor.id,
      name: input.name,
      tokenHash: hashToken(token),
      prefix: token.slice(0, displayedCharacters),
      role: input.role,
      createdAt: scope.now,
      expiresAt: new Date(scope.now.getTime() + input.expiresInDays * 86_400_000),
    });
    const [owner] = await scope.tx.select().from(users).where(eq(users.id, scope.actor.id)).limit(1);
    if (owner?.email && owner.notifyAccountChanges) {
      await enqueueMail(scope.tx, {
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
      row: record,
      after: { name: record.name, role: record.role, expiresAt: record.expiresAt },
    });
    return { token, record };
  },
});

export const revokeToken = tokenEntity.write({
  operation: "revoke",
  doing: "revoke access tokens",
  input: z.object({ id }),
  run: async (scope, input): Promise<PersonalAccessToken> => {
    const { row: token, done } = await scope.target(input);
    if (done) return token;
    const revoked = await scope.update(input, { revokedAt: scope.now });
    await scope.audit({ row: revoked, before: { revokedAt: null }, after: { revokedAt: revoked.revokedAt } });
    return revoked;
  },
});

/**
 * Revokes every working token of a person (when an admin disables them), in the caller's
 * transaction; returns how many. Enabling the person later brings none back.
 */
export async function revokeTokensOf(tx: Database, userId: string, now: Date): Promise<number> {
  const revoked = await tx
    .update(personalAccessTokens)
    .set({ revokedAt: now })
    .where(and(eq(personalAccessTokens.userId, userId), isNull(personalAccessTokens.revokedAt)))
    .returning({ id: personalAccessTokens.id });
  return revoked.length;
}
