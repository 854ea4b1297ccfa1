import { readdir } from "node:fs/promises";
import { join, relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { pgTable, text, uuid } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { allow } from "./core/access.ts";
import { defineEntity, isEntity, isOperation } from "./core/entity.ts";
import { unwrap } from "../graphql/from-zod.ts";
import { domainOperations, entities } from "./index.ts";

const domainDirectory = fileURLToPath(new URL(".", import.meta.url));

/** Every module under server/domain but the tests and their permission rows, as a path relative to it. */
async function domainModules(directory = domainDirectory): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(directory, { withFileTypes: true })) {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) found.push(...(await domainModules(path)));
    else if (entry.name.endsWith(".ts") && !/\.(test|cases)\.ts$/.test(entry.name))
      found.push(relative(domainDirectory, path));
  }
  return found.sort();
}

/** What a module exports that the registry does not reach: its entities and operations, by export name. */
function unregistered(
  exports: Record<string, unknown>,
  registry: { entities: readonly unknown[]; operations: readonly unknown[] },
): string[] {
  return Object.entries(exports)
    .filter(([, value]) =>
      isEntity(value) ? !registry.entities.includes(value) : isOperation(value) && !registry.operations.includes(value),
    )
    .map(([name]) => name);
}

const registry = { entities, operations: Object.values(domainOperations) };

describe("the domain registry", () => {
  it("reaches every entity and operation that any module under server/domain exports", async () => {
    const modules = await domainModules();
    expect(modules.length).toBeGreaterThan(20);
    const missing: string[] = [];
    for (const module of modules) {
      const exports = (await import(pathToFileURL(join(domainDirectory, module)).href)) as Record<string, unknown>;
      missing.push(...unregistered(exports, registry).map((name) => `${module}: ${name}`));
    }
    expect(missing, "register the entity's module in server/domain/index.ts").toEqual([]);
  });

  it("notices a module that defines an entity and its operations without registering them", () => {
    const table = pgTable("probe_things", { id: uuid("id").primaryKey(), name: text("name").notNull() });
    const thingEntity = defineEntity({
      name: "thing",
      plural: "Things",
      table,
      label: (thing) => thing.name,
      notFound: "That thing does not exist.",
      rules: { read: allow.signedIn },
      rowChecks: {},
      actions: {},
    });
    const listThings = thingEntity.read({
      operation: "read",
      doing: "see things",
      input: z.object({}),
      run: (scope) => scope.findMany([]),
    });
    expect(unregistered({ thingEntity, listThings, unrelated: 42 }, registry)).toEqual(["thingEntity", "listThings"]);
  });

  it("gives every entity a distinct name, and every operation a rule of its entity", () => {
    expect(new Set(entities.map((entity) => entity.name)).size).toBe(entities.length);
    for (const [name, operation] of Object.entries(domainOperations)) {
      expect(Object.keys(operation.entity.rules), name).toContain(operation.operation);
    }
  });

  it("makes every change to a versioned row name the version it starts from", () => {
    for (const [name, operation] of Object.entries(domainOperations)) {
      const shape = (unwrap(operation.input).base as z.ZodObject).shape as Record<string, z.ZodType>;
      const versioned = "version" in (operation.entity.table as unknown as Record<string, unknown>);
      if (operation.kind !== "write" || !versioned || !("id" in shape)) continue;
      const version = shape.version;
      expect(version, `${name} changes a row: its input needs the version`).toBeDefined();
      if (version) {
        const { optional, nullable } = unwrap(version);
        expect(optional || nullable, `${name}: the version is required`).toBe(false);
      }
    }
  });
});
