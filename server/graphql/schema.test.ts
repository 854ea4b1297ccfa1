import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { schemaSdl } from "./schema.ts";

const root = new URL("../../", import.meta.url);

describe("the committed schema", () => {
  it("is the schema the server builds (run npm run graphql:generate after changing a type)", () => {
    expect(readFileSync(new URL("server/graphql/schema.graphql", root), "utf8")).toBe(schemaSdl());
  });

  it("is what the app's document types were generated from", () => {
    const output = join(mkdtempSync(join(tmpdir(), "tada-")), "graphql-env.d.ts");
    execFileSync("gql.tada", ["generate-output", "--output", output], { cwd: root, stdio: "ignore" });
    expect(readFileSync(new URL("app/graphql-env.d.ts", root), "utf8")).toBe(readFileSync(output, "utf8"));
  });
});
