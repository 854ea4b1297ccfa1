import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { databaseKinds, useTestDatabase } from "../tests/support/databases.ts";
import { users } from "./db/schema/index.ts";
import { createLogger, redactError } from "./log.ts";

/** What a logger writes while `run` runs, as parsed JSON lines. */
function logged(run: () => void): Record<string, unknown>[] {
  const out = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
  const err = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
  try {
    run();
    return [...out.mock.calls, ...err.mock.calls].map(
      ([chunk]) => JSON.parse(String(chunk)) as Record<string, unknown>,
    );
  } finally {
    out.mockRestore();
    err.mockRestore();
  }
}

describe.each(databaseKinds)("a database failure in the log, on %s", (kind) => {
  const database = useTestDatabase(kind);

  it("keeps the query and the stack, and leaves out the values and every email address", async () => {
    // A real failed query with a person's address among its values (a uuid column given an address).
    const failure = await database()
      .db.select()
      .from(users)
      .where(eq(users.id, "alice.smith@example.com"))
      .then(
        () => null,
        (error: unknown) => error,
      );
    if (!(failure instanceof Error)) throw new Error("the query was expected to fail");
    expect(failure.stack).toContain("alice.smith@example.com");

    const [line] = logged(() =>
      createLogger("error").error("GraphQL operation failed", { error: failure.stack, path: "users" }),
    );
    const text = JSON.stringify(line);
    expect(text).not.toContain("alice.smith@example.com");
    expect(line?.error).toMatch(/^Error: Failed query: select .* from "users" where "users"\."id" = \$1/);
    expect(line?.error).toContain("params: [redacted]");
    expect(line?.error).toMatch(/\n\s+at /);
    expect(line).toMatchObject({ level: "error", message: "GraphQL operation failed", path: "users" });
  });
});

describe("redactError", () => {
  it("leaves out addresses a driver or a mail server names in its own words", () => {
    expect(redactError("550 5.1.1 <Ana.Díaz+portal@clinic.example.org>: mailbox unavailable")).toBe(
      "550 5.1.1 <[email address]>: mailbox unavailable",
    );
    expect(redactError("Key (email)=(o'brien@sub.example.co.uk) already exists.")).toBe(
      "Key (email)=([email address]) already exists.",
    );
  });

  it("keeps what has no address in it as it was", () => {
    const text = "connect ECONNREFUSED 127.0.0.1:5432\n    at TCPConnectWrap.afterConnect (node:net:1611:16)";
    expect(redactError(text)).toBe(text);
  });

  it("redacts only the error field: other fields are the caller's choice", () => {
    const [line] = logged(() =>
      createLogger("info").info("created the first administrator account", { email: "admin@densara.test" }),
    );
    expect(line).toMatchObject({ email: "admin@densara.test" });
  });
});
