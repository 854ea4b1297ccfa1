import { describe, expect, it } from "vitest";
import { databaseKinds, useTestDatabase } from "../../tests/support/databases.ts";
import { loadOrCreateSigningKeys } from "./keys.ts";

describe.each(databaseKinds)("embedded provider signing keys on %s", (kind) => {
  const database = useTestDatabase(kind);
  it("makes an RS256 private key once and returns the same one on every later start", async () => {
    const [first] = await loadOrCreateSigningKeys(database().db);
    expect(first).toMatchObject({ kty: "RSA", alg: "RS256", use: "sig" });
    expect(typeof first?.d).toBe("string");
    const [again] = await loadOrCreateSigningKeys(database().db);
    expect(again?.kid).toBe(first?.kid);
    expect(again?.n).toBe(first?.n);
  });

  it("makes a single key when several processes start at once", async () => {
    const results = await Promise.all([loadOrCreateSigningKeys(database().db), loadOrCreateSigningKeys(database().db)]);
    expect(new Set(results.flat().map((key) => key.kid)).size).toBe(1);
  });
});
