import { GraphQLError } from "graphql";
import { describe, expect, it } from "vitest";
import { databaseUnreachableMessage } from "../domain/core/database.ts";
import { apiErrorOf, maskError } from "./errors.ts";

describe("masking a resolver's failure", () => {
  it("says the database is out of reach in words, as 503 UNAVAILABLE, and a bug as a fault of ours with no details", () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED 10.0.0.5:5432"), { code: "ECONNREFUSED" });
    const cut = new GraphQLError("Failed query: select …", {
      path: ["organizations"],
      originalError: Object.assign(new Error("Failed query: select …"), { cause: refused }),
    });
    const masked = maskError(cut, "Something failed.");
    expect(masked.message).toBe(databaseUnreachableMessage);
    expect(masked.path).toEqual(["organizations"]);
    expect(masked.extensions).toEqual({ code: "UNAVAILABLE", http: { status: 503, headers: { "Retry-After": "10" } } });
    expect(apiErrorOf(masked)).toMatchObject({ code: "UNAVAILABLE", status: 503, message: databaseUnreachableMessage });

    const bug = maskError(
      new GraphQLError("x", { originalError: new TypeError("undefined is not a function") }),
      "Something failed.",
    );
    expect([bug.message, bug.extensions.code]).toEqual(["Something failed.", "INTERNAL_SERVER_ERROR"]);
  });
});
