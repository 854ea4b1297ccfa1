import { generateKeyPairSync, randomUUID, type JsonWebKey } from "node:crypto";
import { asc, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { idpSigningKeys } from "../db/schema/index.ts";

/**
 * The embedded provider's signing keys. Made once and kept in the database, so tokens
 * stay valid across restarts and every server process signs with the same key.
 */
export async function loadOrCreateSigningKeys(db: Database): Promise<JsonWebKey[]> {
  return db.transaction(async (tx) => {
    // Two processes starting at once must not each make a key.
    await tx.execute(sql`select pg_advisory_xact_lock(4711202613)`);
    const existing = await tx.select().from(idpSigningKeys).orderBy(asc(idpSigningKeys.createdAt));
    if (existing.length > 0) return existing.map((row) => row.privateJwk as JsonWebKey);
    const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    const kid = randomUUID();
    const jwk: JsonWebKey = { ...privateKey.export({ format: "jwk" }), kid, alg: "RS256", use: "sig" };
    await tx.insert(idpSigningKeys).values({ kid, privateJwk: jwk });
    return [jwk];
  });
}
