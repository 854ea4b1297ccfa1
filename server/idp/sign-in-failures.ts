import { and, desc, eq, gt, gte, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { idpAccounts } from "../db/schema/index.ts";
import type { SignInFailuresPort } from "../domain/core/context.ts";

/**
 * A wrong password for this address: counted on its account, if it has one (an unknown
 * address leaves no trace, as the answer gives none). Nothing is refused because of the
 * count (ADR 011); admins see it on the overview.
 */
export async function recordFailedSignIn(db: Database, email: string, at: Date): Promise<void> {
  await db
    .update(idpAccounts)
    .set({ failedSignIns: sql`${idpAccounts.failedSignIns} + 1`, lastFailedSignInAt: at })
    .where(eq(sql`lower(${idpAccounts.email})`, email.toLowerCase()));
}

/**
 * A sign-in that succeeded, or a new password set by the emailed link: the wrong
 * passwords before it no longer need anyone's attention.
 */
export async function clearFailedSignIns(db: Database, email: string): Promise<void> {
  await db
    .update(idpAccounts)
    .set({ failedSignIns: 0 })
    .where(and(eq(sql`lower(${idpAccounts.email})`, email.toLowerCase()), gt(idpAccounts.failedSignIns, 0)));
}

/** The embedded provider's counts, for the domain (its accounts are the subjects of `issuer`). */
export function embeddedSignInFailures(issuer: string): SignInFailuresPort {
  return {
    available: true,
    async since(db, since, limit) {
      const rows = await db
        .select({
          subject: idpAccounts.id,
          failures: idpAccounts.failedSignIns,
          lastFailedAt: idpAccounts.lastFailedSignInAt,
        })
        .from(idpAccounts)
        .where(and(gt(idpAccounts.failedSignIns, 0), gte(idpAccounts.lastFailedSignInAt, since)))
        .orderBy(desc(idpAccounts.lastFailedSignInAt))
        .limit(limit);
      return rows.flatMap((row) =>
        row.lastFailedAt
          ? [{ issuer, subject: row.subject, failures: row.failures, lastFailedAt: row.lastFailedAt }]
          : [],
      );
    },
  };
}

/** An external provider keeps its own records of wrong passwords. */
export const externalSignInFailures: SignInFailuresPort = { available: false, since: () => Promise.resolve([]) };
