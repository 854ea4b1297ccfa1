import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { databaseKinds, useTestDatabase } from "../tests/support/databases.ts";
import { users } from "./db/schema/index.ts";
import { createLogger, redactError, withRequestId } from "./log.ts";

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

/** The same, for work that awaits: lines of both streams in the order they were written. */
async function loggedAsync(run: () => Promise<void>): Promise<Record<string, unknown>[]> {
  const lines: Record<string, unknown>[] = [];
  const keep = (chunk: unknown) => {
    lines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
    return true;
  };
  const out = vi.spyOn(process.stdout, "write").mockImplementation(keep);
  const err = vi.spyOn(process.stderr, "write").mockImplementation(keep);
  try {
    await run();
    return lines;
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
});

describe("the log", () => {
  it("scrubs every kind of secret and personal data, wherever the field is", () => {
    const lines = logged(() =>
      createLogger("debug").info("sign-in failed for ana@clinic.example", {
        email: "ana@clinic.example",
        password: "correct horse battery staple",
        accessToken: "dp_2f9a7c",
        headers: { cookie: "__Host-densara_session=abc", authorization: "Bearer dp_2f9a7c", accept: "text/html" },
        apiKey: "k-123",
        clientSecret: "s3cr3t",
        ticket: "abc.def",
        code: "oauth-code",
        nested: { people: ["bo@example.org", { note: "write to cy@example.net" }] },
        error: new Error("Failed query: select 1\nparams: ana@clinic.example"),
        tokens: 3,
        status: 401,
        link: "https://densara.example/idp/password/reset/rst_9f8e7d and /auth/cb?code=c0de&state=st4te&x=1",
        database: "postgres://densara:pg-pass@db:5432/densara",
        sid: "sid-value",
        csrfToken: "csrf-value",
        privateKey: "-----BEGIN KEY-----",
        message: "a field named like the line's own",
      }),
    );
    const [line] = lines;
    const text = JSON.stringify(line);
    for (const secret of ["ana@clinic.example", "correct horse", "dp_2f9a7c", "densara_session", "k-123", "s3cr3t"]) {
      expect(text).not.toContain(secret);
    }
    for (const secret of ["abc.def", "oauth-code", "bo@example.org", "cy@example.net"])
      expect(text).not.toContain(secret);
    for (const secret of ["rst_9f8e7d", "c0de", "st4te", "pg-pass", "sid-value", "csrf-value", "BEGIN KEY"]) {
      expect(text).not.toContain(secret);
    }
    expect(line?.link).toBe(
      "https://densara.example/idp/password/reset/[redacted] and /auth/cb?code=[redacted]&state=[redacted]&x=1",
    );
    expect(line?.database).toBe("postgres://[redacted]@db:5432/densara");
    // A field cannot pass for the line's own keys.
    expect(line?.messageField).toBe("a field named like the line's own");
    expect(line).toMatchObject({
      level: "info",
      message: "sign-in failed for [email address]",
      email: "[email address]",
      password: "[redacted]",
      accessToken: "[redacted]",
      headers: { cookie: "[redacted]", authorization: "[redacted]", accept: "text/html" },
      nested: { people: ["[email address]", { note: "write to [email address]" }] },
      // A count and a status are no secrets.
      tokens: 3,
      status: 401,
    });
    expect(String(line?.error)).toMatch(/^Error: Failed query: select 1/);
    expect(typeof line?.time).toBe("string");
  });

  it("puts the request's id on every line logged on its behalf, by any logger, and on no other", async () => {
    const log = createLogger("debug");
    const other = createLogger("debug");
    const lines = await loggedAsync(async () => {
      log.info("before");
      await withRequestId("req-7f3a", async () => {
        log.info("in the request");
        await new Promise((resolve) => setTimeout(resolve, 1));
        other.warn("later, in the same request");
      });
      log.info("after");
    });
    expect(lines.map((line) => [line.message, line.requestId])).toEqual([
      ["before", undefined],
      ["in the request", "req-7f3a"],
      ["later, in the same request", "req-7f3a"],
      ["after", undefined],
    ]);
  });

  it("writes only to stderr from the warn level up", () => {
    const out = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
    const err = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    try {
      createLogger("error").error("to stderr");
      createLogger("warn").warn("to stderr too");
      expect(out).not.toHaveBeenCalled();
      expect(err).toHaveBeenCalledTimes(2);
    } finally {
      out.mockRestore();
      err.mockRestore();
    }
  });

  it("writes warnings and errors to stderr, the rest to stdout, from its level up", () => {
    const out = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
    const err = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    try {
      const log = createLogger("info");
      log.debug("not shown");
      log.info("to stdout");
      log.error("to stderr");
      expect(out.mock.calls.map(([chunk]) => (JSON.parse(String(chunk)) as { message: string }).message)).toEqual([
        "to stdout",
      ]);
      expect(err.mock.calls.map(([chunk]) => (JSON.parse(String(chunk)) as { message: string }).message)).toEqual([
        "to stderr",
      ]);
    } finally {
      out.mockRestore();
      err.mockRestore();
    }
  });
});
