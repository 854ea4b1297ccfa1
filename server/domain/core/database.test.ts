import { describe, expect, it } from "vitest";
import { BlobStoreError } from "../../storage/blob-store.ts";
import { databaseUnreachable } from "./database.ts";

/** As the drivers and Drizzle throw them: a driver's error, wrapped by Drizzle in one whose cause it is. */
const wrapped = (cause: unknown) => Object.assign(new Error("Failed query: select 1"), { cause });
const coded = (code: string, message = "failed") => Object.assign(new Error(message), { code });

describe("whether a failure is the database out of reach", () => {
  it("knows a refused or cut connection, a shutdown and a start-up, through Drizzle's wrapping", () => {
    for (const failure of [
      coded("ECONNREFUSED"),
      wrapped(coded("ECONNRESET")),
      wrapped(coded("57P01", "terminating connection due to administrator command")),
      wrapped(coded("57P03", "the database system is starting up")),
      wrapped(coded("08006")),
      coded("53300", "sorry, too many clients already"),
      wrapped(new Error("Connection terminated unexpectedly")),
      new Error("timeout exceeded when trying to connect"),
      new Error("Client has encountered a connection error and is not queryable"),
      new AggregateError([coded("ECONNREFUSED"), coded("ECONNREFUSED")], "connect failed"),
    ]) {
      expect(databaseUnreachable(failure), String(failure)).toBe(true);
    }
  });

  it("leaves every other failure a fault to look into: a bad query, a broken rule, a bug, the file store's own", () => {
    for (const failure of [
      wrapped(coded("42601", "syntax error at or near")),
      wrapped(coded("23505", "duplicate key value")),
      new TypeError("cannot read properties of undefined"),
      new AggregateError([coded("ECONNREFUSED"), new Error("other")], "mixed"),
      new BlobStoreError("The file store did not answer", "unavailable", { cause: coded("ECONNREFUSED") }),
      "a string",
      null,
    ]) {
      expect(databaseUnreachable(failure), String(failure)).toBe(false);
    }
  });
});
