import { readdir } from "node:fs/promises";
import { join, relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import {
  getNamedType,
  getNullableType,
  isEnumType,
  isInputObjectType,
  isListType,
  Kind,
  type DocumentNode,
  type GraphQLInputType,
} from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../../tests/support/databases.ts";
import { fingerprint, makeFixture, type Fixture } from "../../tests/support/domain-probes.ts";
import { domainContext } from "../../tests/support/domain.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { actorFor } from "../domain/users/index.ts";
import { createLogger } from "../log.ts";
import { createInProcessExecutor } from "./execute.ts";
import { formMutation, unknownFieldMessage } from "./form-input.ts";
import { createLoaders } from "./loaders.ts";
import { schema } from "./schema.ts";

/**
 * Every form of every portal page, tampered with: a field the form does not have, the
 * version of the row left out, and each enum given a value the API does not know. Each
 * is refused as invalid input (400) with a message at that field, and changes nothing.
 * The forms are found in the pages' action modules (app/routes/dashboard/…/actions.server.ts),
 * so a new form is tampered with as soon as it exists.
 */

type Registry = { path: string; intents: Record<string, { document: DocumentNode }> };

const routesDirectory = fileURLToPath(new URL("../../app/routes/dashboard/", import.meta.url));

async function actionModules(directory = routesDirectory): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(directory, { withFileTypes: true })) {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) found.push(...(await actionModules(path)));
    else if (entry.name === "actions.server.ts") found.push(path);
  }
  return found.sort();
}

function isRegistry(value: unknown): value is Registry {
  return typeof value === "object" && value !== null && "path" in value && "intents" in value;
}

/** Every path to an enum inside an input type (a list's first item stands for all). */
function enumPaths(type: GraphQLInputType, path: string[] = []): string[] {
  const nullable = getNullableType(type);
  if (isListType(nullable)) return enumPaths(nullable.ofType, [...path, "0"]);
  if (isInputObjectType(nullable)) {
    return Object.values(nullable.getFields()).flatMap((field) => enumPaths(field.type, [...path, field.name]));
  }
  return isEnumType(getNamedType(type)) ? [path.join(".")] : [];
}

function fieldsOf(type: GraphQLInputType): string[] {
  const nullable = getNullableType(type);
  return isInputObjectType(nullable) ? Object.keys(nullable.getFields()) : [];
}

type Tamper = {
  page: string;
  intent: string;
  document: DocumentNode;
  how: string;
  form: [string, string][];
  field: string;
};

async function tampers(): Promise<Tamper[]> {
  const all: Tamper[] = [];
  for (const file of await actionModules()) {
    const exports = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    for (const registry of Object.values(exports).filter(isRegistry)) {
      for (const [intent, { document }] of Object.entries(registry.intents)) {
        const hasInput = document.definitions.some(
          (definition) =>
            definition.kind === Kind.OPERATION_DEFINITION && (definition.variableDefinitions?.length ?? 0) > 0,
        );
        if (!hasInput) continue;
        const { input } = formMutation(schema, document);
        const form = (fields: [string, string][]): [string, string][] => [
          ["intent", intent],
          ["csrf", "checked-before-the-action"],
          ...fields,
        ];
        const page = relative(routesDirectory, file);
        all.push({ page, intent, document, how: "an extra field", form: form([["bogus", "1"]]), field: "bogus" });
        if (fieldsOf(input).includes("version")) {
          const id: [string, string][] = fieldsOf(input).includes("id")
            ? [["id", "00000000-0000-4000-8000-000000000001"]]
            : [];
          all.push({ page, intent, document, how: "no version", form: form(id), field: "version" });
        }
        for (const path of enumPaths(input)) {
          all.push({
            page,
            intent,
            document,
            how: `an unknown ${path}`,
            form: form([[path, "not-a-value"]]),
            field: path,
          });
        }
      }
    }
  }
  return all;
}

describe("every portal form, tampered with", async () => {
  const all = await tampers();
  let handle: DatabaseHandle;
  let fixture: Fixture;
  const executor = createInProcessExecutor(schema, createLogger("error"));

  beforeAll(async () => {
    handle = await openTestDatabase("pglite");
    fixture = await makeFixture(handle.db);
  });
  afterAll(async () => {
    await handle.close();
  });

  it("covers the forms of every page that has them", () => {
    const pages = new Set(all.map((tamper) => tamper.page));
    expect([...pages].sort()).toEqual([
      "config/actions.server.ts",
      "docs/actions.server.ts",
      "inquiries/actions.server.ts",
      "inquiries/applications/actions.server.ts",
      "media/actions.server.ts",
      "organizations/actions.server.ts",
      "releases/actions.server.ts",
      "settings/actions.server.ts",
      "users/actions.server.ts",
    ]);
    for (const how of ["an extra field", "no version", "an unknown role", "an unknown kind"]) {
      expect(all.some((tamper) => tamper.how === how)).toBe(true);
    }
  });

  it.each(all)(
    "$page, $intent, with $how: refused at that field, nothing changed",
    async ({ document, form, field }) => {
      const domain = domainContext(handle.db, actorFor(fixture.people.admin, "session"));
      const context = { domain, sessionId: null, loaders: createLoaders(domain), embeddedIssuer: null };
      const body = new FormData();
      for (const [name, value] of form) body.append(name, value);
      const before = await fingerprint(handle.db);
      const result = await executor.submit(document, body, context);
      const error = result.errors?.[0];
      expect(error, JSON.stringify(result)).toMatchObject({ code: "VALIDATION_FAILED", status: 400 });
      expect(error?.fields?.[field], JSON.stringify(error)).toBeTruthy();
      if (field === "bogus") expect(error?.fields?.[field]).toBe(unknownFieldMessage);
      expect(await fingerprint(handle.db)).toBe(before);
    },
  );
});
