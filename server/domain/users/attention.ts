import { and, eq, exists, gt, isNull, lte, or, sql } from "drizzle-orm";
import { z } from "zod";
import { personalAccessTokens, users } from "../../db/schema/index.ts";
import { listInput, type Connection } from "../core/pagination.ts";
import { userEntity, type User } from "./entity.ts";

const day = 24 * 60 * 60 * 1000;

/**
 * What the overview asks an admin to look at about people: reads across everyone, so
 * they are the admins' (the `oversee` rule).
 */

export const listLapsingInvitations = userEntity.read({
  operation: "oversee",
  doing: "see invitations about to lapse",
  input: listInput({
    withinDays: z
      .number()
      .int("Give a whole number of days.")
      .min(1, "Give at least 1 day.")
      .max(30, "Give at most 30 days.")
      .default(3)
      .describe("How soon: invitations that stop working within this many days (and those that already have)."),
  }),
  run: (scope, input): Promise<Connection<User>> =>
    scope.page(
      { key: users.invitationExpiresAt, type: "timestamptz", id: users.id, direction: "asc" },
      input,
      eq(users.status, "invited"),
      lte(users.invitationExpiresAt, new Date(scope.now.getTime() + input.withinDays * day)),
    ),
});

/**
 * Disabled people with personal access tokens that are neither revoked nor expired.
 * Disabling revokes them, so this is empty unless a token outlived a disable (an older
 * version, a restore). They are refused while the person is disabled, but would work
 * again if the person were enabled.
 */
export const listDisabledWithLiveTokens = userEntity.read({
  operation: "oversee",
  doing: "see disabled people with working access tokens",
  input: listInput({}),
  run: (scope, input): Promise<Connection<User>> =>
    scope.page(
      {
        key: sql`coalesce(${users.disabledAt}, ${users.updatedAt})`,
        type: "timestamptz",
        id: users.id,
        direction: "desc",
      },
      input,
      eq(users.status, "disabled"),
      exists(
        scope.db
          .select({ one: sql`1` })
          .from(personalAccessTokens)
          .where(
            and(
              eq(personalAccessTokens.userId, users.id),
              isNull(personalAccessTokens.revokedAt),
              gt(personalAccessTokens.expiresAt, scope.now),
            ),
          ),
      ),
    ),
});

export type FailedSignIns = { user: User; failures: number; lastFailedAt: Date };

/**
 * People who gave a wrong password at the identity provider within `withinHours` and
 * have not signed in since, the latest first. With an external provider the site does
 * not see wrong passwords: `available` is false and there are no rows.
 */
export const listFailedSignIns = userEntity.read({
  operation: "oversee",
  doing: "see failed sign-ins",
  input: z.object({
    withinHours: z
      .number()
      .int("Give a whole number of hours.")
      .min(1, "Give at least 1 hour.")
      .max(720, "Give at most 720 hours (30 days).")
      .default(72),
    first: z.number().int().min(1).max(50).default(10),
  }),
  run: async (scope, input): Promise<{ available: boolean; rows: FailedSignIns[] }> => {
    const port = scope.ports.signInFailures;
    if (!port.available) return { available: false, rows: [] };
    const since = new Date(scope.now.getTime() - input.withinHours * 60 * 60 * 1000);
    // Accounts at the provider without a person here (never signed in) are left out.
    const failures = await port.since(scope.db, since, input.first);
    if (failures.length === 0) return { available: true, rows: [] };
    const people = await scope.select(
      { user: users },
      or(...failures.map((failure) => and(eq(users.issuer, failure.issuer), eq(users.subject, failure.subject)))),
    );
    const rows = failures.flatMap((failure) => {
      const person = people.find(({ user }) => user.issuer === failure.issuer && user.subject === failure.subject);
      return person ? [{ user: person.user, failures: failure.failures, lastFailedAt: failure.lastFailedAt }] : [];
    });
    return { available: true, rows };
  },
});
