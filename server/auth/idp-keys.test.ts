import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { databaseKinds, openTestDatabase } from "../../tests/support/databases.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { loadOrCreateSigningKeys } from "./idp-keys.ts";

describe.each(databaseKinds)("embedded provider signing keys on %s", (kind) => {
  let handle: DatabaseHandle;
  beforeEach(async () => {
    handle = await openTestDatabase(kind);
  });
  afterEach(async () => {
    await handle.close();
  });

  it("makes an RS256 private key once and returns the same one on every later start", async () => {
    const [first] = await loadOrCreateSigningKeys(handle.db);
    expect(first).toMatchObject({ kty: "RSA", alg: "RS256", use: "sig" });
    expect(typeof first?.d).toBe("string");
    const [again] = await loadOrCreateSigningKeys(handle.db);
    expect(again?.kid).toBe(first?.kid);
    expect(again?.n).toBe(first?.n);
  });

  it("makes a single key when several processes start at once", async () => {
    const results = await Promise.all([loadOrCreateSigningKeys(handle.db), loadOrCreateSigningKeys(handle.db)]);
    expect(new Set(results.flat().map((key) => key.kid)).size).toBe(1);
  });
});
