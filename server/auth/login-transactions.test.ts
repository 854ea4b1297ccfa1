import { beforeEach, describe, expect, it } from "vitest";
import { databaseKinds, useTestDatabase } from "../../tests/support/databases.ts";
import { createLoginTransactions, loginTransactionTtlS } from "./login-transactions.ts";

describe.each(databaseKinds)("login transactions on %s", (kind) => {
  const database = useTestDatabase(kind);
  let clock: Date;
  const transactions = () => createLoginTransactions(database().db, () => clock);

  beforeEach(() => {
    clock = new Date("2026-11-21T12:00:00Z");
  });

  it("gives fresh, unguessable state, nonce and PKCE verifier, and hands them back once", async () => {
    const begun = await transactions().begin({ returnTo: "/dashboard/admin/users", browserSecret: "browser-1" });
    expect(new Set([begun.state, begun.nonce, begun.codeVerifier]).size).toBe(3);
    expect(begun.codeVerifier).toMatch(/^[\w-]{43}$/);
    const consumed = await transactions().consume(begun.state, "browser-1");
    expect(consumed).toEqual({ ok: true, transaction: begun });
  });

  it("refuses a replay of the same state", async () => {
    const begun = await transactions().begin({ returnTo: "/", browserSecret: "browser-1" });
    expect((await transactions().consume(begun.state, "browser-1")).ok).toBe(true);
    expect(await transactions().consume(begun.state, "browser-1")).toEqual({ ok: false, reason: "unknown" });
  });

  it("refuses a forged state", async () => {
    await transactions().begin({ returnTo: "/", browserSecret: "browser-1" });
    expect(await transactions().consume("forged-state", "browser-1")).toEqual({ ok: false, reason: "unknown" });
    expect(await transactions().consume("", "browser-1")).toEqual({ ok: false, reason: "unknown" });
  });

  it("refuses a state carried to another browser (login CSRF)", async () => {
    const begun = await transactions().begin({ returnTo: "/", browserSecret: "victim" });
    expect(await transactions().consume(begun.state, "attacker")).toEqual({ ok: false, reason: "other-browser" });
    expect(await transactions().consume(begun.state, undefined)).toEqual({ ok: false, reason: "other-browser" });
    // Refused elsewhere, it is still there for the browser that began it, once.
    expect(await transactions().consume(begun.state, "victim")).toMatchObject({ ok: true });
    expect(await transactions().consume(begun.state, "victim")).toEqual({ ok: false, reason: "unknown" });
  });

  it("expires after ten minutes", async () => {
    const begun = await transactions().begin({ returnTo: "/", browserSecret: "browser-1" });
    clock = new Date(clock.getTime() + loginTransactionTtlS * 1000);
    expect(await transactions().consume(begun.state, "browser-1")).toEqual({ ok: false, reason: "expired" });
  });

  it("lets only one of two racing callbacks through", async () => {
    const begun = await transactions().begin({ returnTo: "/", browserSecret: "browser-1" });
    const results = await Promise.all([
      transactions().consume(begun.state, "browser-1"),
      transactions().consume(begun.state, "browser-1"),
    ]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
  });

  it("sweeps transactions a day after they expired", async () => {
    await transactions().begin({ returnTo: "/", browserSecret: "a" });
    clock = new Date(clock.getTime() + loginTransactionTtlS * 1000 + 1);
    await transactions().begin({ returnTo: "/", browserSecret: "b" });
    expect(await transactions().sweep()).toBe(0);
    clock = new Date(clock.getTime() + 24 * 60 * 60 * 1000);
    expect(await transactions().sweep()).toBe(1);
  });

  it("remembers where this browser's newest sign-in was going, after it expired, and only for this browser", async () => {
    await transactions().begin({ returnTo: "/dashboard/admin/users", browserSecret: "a" });
    clock = new Date(clock.getTime() + 1000);
    await transactions().begin({ returnTo: "/docs/v5/setup", browserSecret: "a" });
    await transactions().begin({ returnTo: "/elsewhere", browserSecret: "b" });
    clock = new Date(clock.getTime() + loginTransactionTtlS * 1000 + 1);
    expect(await transactions().latestReturnTo("a")).toBe("/docs/v5/setup");
    expect(await transactions().latestReturnTo("c")).toBeUndefined();
  });
});
