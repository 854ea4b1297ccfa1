import { parse } from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../../tests/support/databases.ts";
import { domainContext } from "../../tests/support/domain.ts";
import { textInputs } from "../../tests/support/graphql-inputs.ts";
import type { DatabaseHandle } from "../db/client.ts";
import type { Actor } from "../domain/core/access.ts";
import { createLogger } from "../log.ts";
import { createLoaders } from "./loaders.ts";
import { createInProcessExecutor } from "./execute.ts";
import { schema } from "./schema.ts";

/**
 * PostgreSQL cannot store a NUL character (U+0000) in text, and used to answer one with an
 * unhandled error (a 500, and SQL in the log). Every text field and argument of the API,
 * found in the schema itself so a new one cannot be missed, gets one here, and each must
 * be refused as invalid input with a message on that field (a text field's in its own
 * words, ADR 041; an id's or a date's the general one).
 */

const admin: Actor = {
  id: "00000000-0000-4000-8000-0000000000ad",
  role: "admin",
  organizationId: null,
  label: "Probe Admin",
  via: "session",
};

const nul = "before\u0000after";

describe("a NUL character in any text the API takes", () => {
  let handle: DatabaseHandle;
  const executor = createInProcessExecutor(schema, createLogger("error"));

  beforeAll(async () => {
    handle = await openTestDatabase("pglite");
  });
  afterAll(async () => {
    await handle.close();
  });

  const all = textInputs(schema);

  it("is looked for in every text argument and field of the schema", () => {
    expect(all.length).toBeGreaterThan(60);
    for (const name of [
      "updateProfile(input.name)",
      "inviteUser(input.email)",
      "users(search)",
      "activity(filter.search)",
    ]) {
      expect(all.map((entry) => entry.label)).toContain(name);
    }
  });

  it.each(all)("$label is refused as invalid input, naming the field", async ({ query, variables, field, scalar }) => {
    const domain = domainContext(handle.db, admin);
    const result = await executor.run(parse(query), variables(nul), {
      domain,
      sessionId: null,
      loaders: createLoaders(domain),
      embeddedIssuer: null,
    });
    const error = result.errors?.[0];
    expect(error, JSON.stringify(result)).toMatchObject({ code: "VALIDATION_FAILED", status: 400 });
    // A text field says so in its own words; an id or a date says it is not one.
    if (scalar === "String") expect(error?.fields?.[field]).toContain("control character (U+0000)");
    else expect(error?.fields?.[field]).toMatch(/\w/);
  });
});
