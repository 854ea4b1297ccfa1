import { describe, expect, it } from "vitest";
import { databaseKinds, useTestDatabase } from "../../tests/support/databases.ts";
import { bootstrapAdminAccount, checkIdpCredentials, createIdpAccount } from "./accounts.ts";

const fast = { N: 2 ** 10, r: 8, p: 1 } as const;
const password = "a sound password 42";

describe.each(databaseKinds)("embedded provider accounts on %s", (kind) => {
  const database = useTestDatabase(kind);
  const create = (email = "Alice@Example.com") =>
    createIdpAccount(database().db, { email, name: "Alice", password }, { hashParameters: fast });

  it("creates an account with a normalized email and refuses a second one with the same address", async () => {
    const first = await create();
    expect(first.ok && first.account.email).toBe("alice@example.com");
    expect(await create("alice@example.COM")).toEqual({
      ok: false,
      error: { field: "email", message: "An account with this email address already exists." },
    });
  });

  it.each([
    [{ email: "not-an-email", name: "A", password }, "email"],
    [{ email: "a@example.com", name: "  ", password }, "name"],
    [{ email: "a@example.com", name: "A", password: "short" }, "password"],
  ])("names the field of bad input %#", async (input, field) => {
    const result = await createIdpAccount(database().db, input, { hashParameters: fast });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.field).toBe(field);
  });

  it("accepts the right password and says only 'invalid' for a wrong password or an unknown address", async () => {
    await create();
    expect((await checkIdpCredentials(database().db, "alice@example.com", password, { hashParameters: fast })).ok).toBe(
      true,
    );
    expect(
      await checkIdpCredentials(database().db, "alice@example.com", "wrong password!", { hashParameters: fast }),
    ).toEqual({
      ok: false,
      reason: "invalid",
    });
    expect(await checkIdpCredentials(database().db, "nobody@example.com", password, { hashParameters: fast })).toEqual({
      ok: false,
      reason: "invalid",
    });
  });

  it("never locks an account: after many wrong passwords the right one still works (the limits live in the hosted pages)", async () => {
    await create();
    const check = (attempt: string) =>
      checkIdpCredentials(database().db, "alice@example.com", attempt, { hashParameters: fast });
    for (let attempt = 1; attempt <= 8; attempt += 1)
      expect(await check("wrong")).toEqual({ ok: false, reason: "invalid" });
    expect((await check(password)).ok).toBe(true);
  });

  it("bootstraps the admin once, with a generated password when none is given", async () => {
    const first = await bootstrapAdminAccount(database().db, { email: "admin@example.com" }, { hashParameters: fast });
    expect(first.created).toBe(true);
    const generated = first.created ? first.generatedPassword : undefined;
    expect(generated).toMatch(/^[\w-]{24}$/);
    expect(
      (await checkIdpCredentials(database().db, "admin@example.com", generated ?? "", { hashParameters: fast })).ok,
    ).toBe(true);
    expect(
      await bootstrapAdminAccount(database().db, { email: "other@example.com" }, { hashParameters: fast }),
    ).toEqual({
      created: false,
    });
  });

  it("bootstraps the admin with the configured password, and refuses a weak one", async () => {
    await expect(
      bootstrapAdminAccount(database().db, { email: "admin@example.com", password: "weak" }, { hashParameters: fast }),
    ).rejects.toThrow(/ADMIN_PASSWORD: Use at least 12 characters/);
    const made = await bootstrapAdminAccount(
      database().db,
      { email: "admin@example.com", password },
      { hashParameters: fast },
    );
    expect(made).toEqual({ created: true, email: "admin@example.com" });
  });
});
