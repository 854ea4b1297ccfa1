import { describe, expect, it } from "vitest";
import { databaseKinds, useTestDatabase } from "../../tests/support/databases.ts";
import { createIdpAdapterFactory, sweepExpiredIdpPayloads } from "./adapter.ts";

describe.each(databaseKinds)("embedded provider storage on %s", (kind) => {
  const database = useTestDatabase(kind);
  let clock = new Date("2026-11-21T12:00:00Z");
  const adapter = (name: string) => createIdpAdapterFactory(database().db, () => clock)(name);

  it("stores, finds and updates a payload by id, kept apart by kind", async () => {
    await adapter("AuthorizationCode").upsert("code-1", { accountId: "alice", grantId: "g1" }, 60);
    await adapter("AccessToken").upsert("code-1", { accountId: "bob" }, 60);
    expect(await adapter("AuthorizationCode").find("code-1")).toEqual({ accountId: "alice", grantId: "g1" });
    await adapter("AuthorizationCode").upsert("code-1", { accountId: "alice", grantId: "g1", scope: "openid" }, 60);
    expect(await adapter("AuthorizationCode").find("code-1")).toMatchObject({ scope: "openid" });
    expect(await adapter("AccessToken").find("code-1")).toEqual({ accountId: "bob" });
    expect(await adapter("AuthorizationCode").find("missing")).toBeUndefined();
  });

  it("forgets a payload once it expires; one without expiry stays", async () => {
    await adapter("Interaction").upsert("i1", { uid: "u1" }, 600);
    await adapter("Client").upsert("c1", { client_id: "c1" });
    clock = new Date(clock.getTime() + 600_000);
    expect(await adapter("Interaction").find("i1")).toBeUndefined();
    expect(await adapter("Interaction").findByUid("u1")).toBeUndefined();
    expect(await adapter("Client").find("c1")).toEqual({ client_id: "c1" });
  });

  it("sweeps expired payloads and keeps live ones and those without expiry", async () => {
    await adapter("Interaction").upsert("old", { uid: "u-old" }, 60);
    await adapter("Interaction").upsert("live", { uid: "u-live" }, 3600);
    await adapter("Client").upsert("forever", { client_id: "c" });
    expect(await sweepExpiredIdpPayloads(database().db, new Date(clock.getTime() + 120_000))).toBe(1);
    expect(await adapter("Interaction").find("live")).toEqual({ uid: "u-live" });
    expect(await adapter("Client").find("forever")).toEqual({ client_id: "c" });
    expect(await adapter("Interaction").find("old")).toBeUndefined();
  });

  it("finds by uid and by user code", async () => {
    await adapter("Session").upsert("s1", { uid: "uid-1", accountId: "alice" }, 3600);
    await adapter("DeviceCode").upsert("d1", { userCode: "ABCD-EFGH" }, 600);
    expect(await adapter("Session").findByUid("uid-1")).toMatchObject({ accountId: "alice" });
    expect(await adapter("DeviceCode").findByUserCode("ABCD-EFGH")).toEqual({ userCode: "ABCD-EFGH" });
  });

  it("marks a consumed authorization code, so the provider refuses its reuse", async () => {
    await adapter("AuthorizationCode").upsert("code-2", { accountId: "alice" }, 60);
    await adapter("AuthorizationCode").consume("code-2");
    expect(await adapter("AuthorizationCode").find("code-2")).toEqual({
      accountId: "alice",
      consumed: Math.floor(clock.getTime() / 1000),
    });
  });

  it("destroys one payload, and revokes everything issued under a grant", async () => {
    await adapter("AccessToken").upsert("at", { grantId: "g9" }, 60);
    await adapter("RefreshToken").upsert("rt", { grantId: "g9" }, 60);
    await adapter("AccessToken").upsert("other", { grantId: "g10" }, 60);
    await adapter("AccessToken").destroy("other");
    expect(await adapter("AccessToken").find("other")).toBeUndefined();
    await adapter("Grant").revokeByGrantId("g9");
    expect(await adapter("AccessToken").find("at")).toBeUndefined();
    expect(await adapter("RefreshToken").find("rt")).toBeUndefined();
  });
});
