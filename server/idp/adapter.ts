import { and, eq, gt, inArray, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import type { Adapter, AdapterFactory, AdapterPayload } from "oidc-provider";
import type { Database } from "../db/client.ts";
import { idpPayloads } from "../db/schema/index.ts";

/**
 * oidc-provider's storage in PostgreSQL (one table for every kind of model: sessions,
 * interactions, authorization codes, grants…), so every server process shares it and
 * an authorization code can be used once, whichever process receives it.
 */
export function createIdpAdapterFactory(db: Database, now: () => Date = () => new Date()): AdapterFactory {
  return (kind: string): Adapter => {
    const live = (condition: SQL | undefined) =>
      and(eq(idpPayloads.kind, kind), condition, or(isNull(idpPayloads.expiresAt), gt(idpPayloads.expiresAt, now())));

    async function findWhere(condition: SQL): Promise<AdapterPayload | undefined> {
      const [row] = await db.select().from(idpPayloads).where(live(condition)).limit(1);
      if (!row) return undefined;
      const payload = row.payload as AdapterPayload;
      return row.consumedAt ? { ...payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) } : payload;
    }

    return {
      async upsert(id, payload, expiresIn) {
        const expiresAt = expiresIn ? new Date(now().getTime() + expiresIn * 1000) : null;
        const values = {
          payload,
          grantId: payload.grantId ?? null,
          userCode: payload.userCode ?? null,
          uid: payload.uid ?? null,
          expiresAt,
        };
        await db
          .insert(idpPayloads)
          .values({ kind, id, ...values })
          .onConflictDoUpdate({ target: [idpPayloads.kind, idpPayloads.id], set: values });
      },
      find: (id) => findWhere(eq(idpPayloads.id, id)),
      findByUserCode: (userCode) => findWhere(eq(idpPayloads.userCode, userCode)),
      findByUid: (uid) => findWhere(eq(idpPayloads.uid, uid)),
      async consume(id) {
        await db
          .update(idpPayloads)
          .set({ consumedAt: now() })
          .where(and(eq(idpPayloads.kind, kind), eq(idpPayloads.id, id)));
      },
      async destroy(id) {
        await db.delete(idpPayloads).where(and(eq(idpPayloads.kind, kind), eq(idpPayloads.id, id)));
      },
      // A revoked grant takes every token issued under it, of whatever kind, with it.
      async revokeByGrantId(grantId) {
        await db.delete(idpPayloads).where(eq(idpPayloads.grantId, grantId));
      },
    };
  };
}

/** Deletes the provider's records whose time is up (reads already ignore them); run now and then. */
export async function sweepExpiredIdpPayloads(db: Database, now = new Date()): Promise<number> {
  const removed = await db.delete(idpPayloads).where(lt(idpPayloads.expiresAt, now)).returning({ id: idpPayloads.id });
  return removed.length;
}

/**
 * Ends an account's sessions at the provider (and its grants, and what was issued under
 * them): a browser that still holds the provider's cookie must type the password again
 * instead of being signed in silently.
 */
export async function endProviderSessionsOf(db: Database, accountId: string): Promise<void> {
  await db
    .delete(idpPayloads)
    .where(
      and(inArray(idpPayloads.kind, ["Session", "Grant"]), sql`${idpPayloads.payload}->>'accountId' = ${accountId}`),
    );
}
