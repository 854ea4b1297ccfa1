import { describe, expect, it } from "vitest";
import { hashPassword, passwordProblem, verifyPassword } from "./passwords.ts";

// Cheap work factors keep the suite fast; the format and the checks are the same.
const fast = { N: 2 ** 10, r: 8, p: 1 } as const;

describe("password hashing (scrypt)", () => {
  it("verifies the right password and refuses a wrong one", async () => {
    const stored = await hashPassword("correct horse battery staple", fast);
    expect(stored).toMatch(/^scrypt\$1024\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    await expect(verifyPassword("correct horse battery staple", stored)).resolves.toBe(true);
    await expect(verifyPassword("correct horse battery stapl", stored)).resolves.toBe(false);
  });

  it("salts every hash", async () => {
    expect(await hashPassword("same password here", fast)).not.toBe(await hashPassword("same password here", fast));
  });

  it("treats differently composed Unicode as the same password", async () => {
    const stored = await hashPassword("caf\u00e9 au lait 2026", fast);
    await expect(verifyPassword("cafe\u0301 au lait 2026", stored)).resolves.toBe(true);
  });

  it.each(["", "plain", "bcrypt$10$abc", "scrypt$1024$8$1$salt"])(
    "refuses a malformed stored hash %j",
    async (stored) => {
      await expect(verifyPassword("anything at all", stored)).resolves.toBe(false);
    },
  );

  it("uses the strong default work factor", async () => {
    expect((await hashPassword("a long enough password")).split("$").slice(1, 4)).toEqual(["131072", "8", "1"]);
  });
});

describe("password rules", () => {
  it.each([
    ["short", "Use at least 12 characters."],
    ["x".repeat(257), "Use at most 256 characters."],
    ["twelve chars", undefined],
  ])("%j → %s", (password, problem) => {
    expect(passwordProblem(password)).toBe(problem);
  });
});
