import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { pgTable, text, uuid } from "drizzle-orm/pg-core";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { allow } from "../domain/core/access.ts";
import { defineEntity } from "../domain/core/entity.ts";
import { domainOperations, type AnyOperation } from "../domain/index.ts";

/**
 * Every domain operation is either offered by the GraphQL API or marked `internal` with
 * the reason (run by a scheduled job, the IdP or an HTTP file route): an operation that is
 * neither was written and forgotten, and one that is both carries a stale reason.
 *
 * "Offered" means imported by a module of the schema (server/graphql, tests aside): the
 * schema's fields name their operation (`queryField(…, { operation })`) and its loaders
 * call them, and nothing else reaches the domain from here.
 */

const graphqlDirectory = fileURLToPath(new URL(".", import.meta.url));

async function schemaModules(directory = graphqlDirectory): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(directory, { withFileTypes: true })) {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) found.push(...(await schemaModules(path)));
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) found.push(path);
  }
  return found;
}

/** The names a module imports from server/domain, as the domain exports them (`a as b` counts as `a`). */
function domainImports(path: string, text: string): { names: string[]; wholeModules: string[] } {
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const names: string[] = [];
  const wholeModules: string[] = [];
  for (const statement of file.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    if (!/(^|\/)domain\//.test(statement.moduleSpecifier.text)) continue;
    const bindings = statement.importClause?.namedBindings;
    if (bindings && ts.isNamespaceImport(bindings)) wholeModules.push(statement.moduleSpecifier.text);
    if (bindings && ts.isNamedImports(bindings)) {
      for (const element of bindings.elements) names.push((element.propertyName ?? element.name).text);
    }
  }
  return { names, wholeModules };
}

/** The operations that are neither offered nor marked internal, and those that are both. */
function unaccounted(operations: Readonly<Record<string, AnyOperation>>, offered: ReadonlySet<string>) {
  const entries = Object.entries(operations);
  return {
    neither: entries.filter(([name, operation]) => !offered.has(name) && !operation.internal).map(([name]) => name),
    both: entries.filter(([name, operation]) => offered.has(name) && operation.internal).map(([name]) => name),
  };
}

const modules = await schemaModules();
const imports = await Promise.all(modules.map(async (path) => domainImports(path, await readFile(path, "utf8"))));
const offered = new Set(imports.flatMap((each) => each.names));

describe("every domain operation", () => {
  it("is offered by the GraphQL schema, or marked internal with its reason", () => {
    expect(modules.length).toBeGreaterThan(10);
    expect(
      imports.flatMap((each) => each.wholeModules),
      "import operations by name, so this test sees which ones the schema offers",
    ).toEqual([]);
    const { neither, both } = unaccounted(domainOperations, offered);
    expect(neither, 'offer it in server/graphql, or mark it `internal: "who runs it"` in the domain').toEqual([]);
    expect(both, "the schema offers it: drop its `internal` mark").toEqual([]);
  });

  it("marked internal says in one line who runs it", () => {
    for (const [name, operation] of Object.entries(domainOperations)) {
      if (operation.internal === undefined) continue;
      expect(operation.internal, name).toMatch(/^[a-z].{20,160}[^.]$/);
      expect(operation.internal, name).not.toContain("\n");
    }
  });

  it("notices an operation nobody offers and nothing marks, and a mark the schema contradicts", () => {
    const table = pgTable("probe_devices", { id: uuid("id").primaryKey(), serial: text("serial").notNull() });
    const deviceEntity = defineEntity({
      name: "device",
      plural: "Devices",
      table,
      label: (device) => device.serial,
      notFound: "That device does not exist.",
      rules: { read: allow.signedIn },
      rowChecks: {},
      actions: {},
    });
    const sample = (internal?: string) =>
      deviceEntity.read({
        operation: "read",
        doing: "see devices",
        input: z.object({}),
        run: (scope) => scope.findMany([]),
        ...(internal ? { internal } : {}),
      });
    const operations: Record<string, AnyOperation> = {
      listDevices: sample(),
      recordDeviceHeartbeat: sample("the devices' own report route runs it"),
      exportDevices: sample("the nightly export job runs it"),
    };
    expect(unaccounted(operations, new Set(["listDevices"]))).toEqual({ neither: [], both: [] });
    expect(unaccounted(operations, new Set())).toEqual({ neither: ["listDevices"], both: [] });
    expect(unaccounted(operations, new Set(["listDevices", "exportDevices"]))).toEqual({
      neither: [],
      both: ["exportDevices"],
    });
  });

  it("is found by name in the schema's imports, aliases and types aside", () => {
    const found = domainImports(
      "sample.ts",
      [
        'import { listUsers as users, type User } from "../../domain/users/index.ts";',
        'import { builder } from "../builder.ts";',
        'import * as media from "../domain/media/index.ts";',
      ].join("\n"),
    );
    expect(found).toEqual({ names: ["listUsers", "User"], wholeModules: ["../domain/media/index.ts"] });
  });
});
