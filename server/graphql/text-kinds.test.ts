import { buildSchema, parse, type GraphQLArgument, type GraphQLInputField } from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { openTestDatabase } from "../../tests/support/databases.ts";
import { domainContext } from "../../tests/support/domain.ts";
import { textInputs, type TextInput } from "../../tests/support/graphql-inputs.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { users } from "../db/schema/index.ts";
import type { Actor } from "../domain/core/access.ts";
import { textFieldOf, type TextField } from "../domain/core/fields.ts";
import { domainOperations } from "../domain/index.ts";
import { idpForms } from "../idp/forms.ts";
import { createLogger } from "../log.ts";
import { createInProcessExecutor } from "./execute.ts";
import { textKindExtensions, unwrap } from "./from-zod.ts";
import { createLoaders } from "./loaders.ts";
import { schema } from "./schema.ts";

/**
 * Every text field in the product is one-line or multi-line text (ADR 041). The contact
 * form's region once took CR/LF and forged a line in the staff's mail, while the name
 * beside it was refused: only a few fields had the rule. Here every text input is found
 * where it is declared, never from a list kept by hand: the API's inputs by walking the
 * built schema, the domain's operations (the public forms among them) and the identity
 * provider's forms by walking their zod schemas. Each gets CR, LF, U+0000, U+0001,
 * U+000B and U+202E: one-line text refuses all six, multi-line text takes CR and LF and
 * refuses the other four, each with a sentence naming the field.
 */

const probes = [
  { name: "CR", character: "\r", breaksLine: true },
  { name: "LF", character: "\n", breaksLine: true },
  { name: "U+0000", character: "\u0000", breaksLine: false },
  { name: "U+0001", character: "\u0001", breaksLine: false },
  { name: "U+000B", character: "\u000b", breaksLine: true },
  { name: "U+202E", character: "\u202e", breaksLine: false },
] as const;

type Probe = (typeof probes)[number];

/** What the field must say of text holding the probe's character; undefined when it must take it. */
function expectedMessage(text: TextField, probe: Probe): string | undefined {
  if (text.kind === "multi-line" && (probe.character === "\r" || probe.character === "\n")) return undefined;
  if (text.kind === "one-line" && probe.breaksLine) return `Write ${text.label} on one line.`;
  return `Remove the invisible control character (${probe.name}) from ${text.label}.`;
}

/** A value that reads as text in every field (long enough for a message, two terms for a synonym group). */
const around = (character: string) => `Before it${character}after it`;

function textOfDeclaration(declaredBy: GraphQLArgument | GraphQLInputField): TextField | undefined {
  const text: unknown = declaredBy.extensions.text;
  return text === undefined ? undefined : (text as TextField);
}

/** The API's String inputs that say no kind (its IDs are not text a person writes). */
function kindless(inputs: readonly TextInput[]): string[] {
  return inputs
    .filter((input) => input.scalar === "String" && !textOfDeclaration(input.declaredBy))
    .map((input) => input.label);
}

const admin: Actor = {
  id: "00000000-0000-4000-8000-0000000000ad",
  role: "admin",
  organizationId: null,
  label: "Probe Admin",
  via: "session",
};

describe("the API's text inputs, found in the built schema", () => {
  const all = textInputs(schema).filter((input) => input.scalar === "String");

  it("each say their kind, one-line or multi-line", () => {
    expect(all.length).toBeGreaterThan(80);
    expect(kindless(all), "declare these with oneLine(…) or multiLine(…) in server/domain").toEqual([]);
    const labels = all.map((input) => input.label);
    for (const label of [
      "submitInquiry(input.region)",
      "users(search)",
      "saveDoc(input.body)",
      "inviteUser(input.name)",
    ]) {
      expect(labels).toContain(label);
    }
  });

  it("would name a String input added without a kind", () => {
    // As if a type were added beside the ones made from the domain's schemas.
    const added = buildSchema(`type Query { notes(search: String, after: ID): String }`);
    expect(kindless(textInputs(added).filter((input) => input.scalar === "String"))).toEqual(["notes(search)"]);
    // And the ones made from the domain's schemas cannot be made without one.
    expect(() => textKindExtensions("String", z.string(), "ProbeNote")).toThrow(
      /ProbeNote: a text input needs its kind/,
    );
  });

  describe("refuse what their kind refuses, and take the rest", () => {
    let handle: DatabaseHandle;
    const executor = createInProcessExecutor(schema, createLogger("error"));

    beforeAll(async () => {
      handle = await openTestDatabase("pglite");
      // The actor is a real row: a multi-line text that is taken goes on to be written.
      await handle.db.insert(users).values({ id: admin.id, role: "admin", email: "probe-admin@densara.test" });
    }, 180_000);
    afterAll(async () => {
      await handle.close();
    });

    it.each(all)("$label", async (input) => {
      const text = textOfDeclaration(input.declaredBy);
      expect(text).toBeDefined();
      if (!text) return;
      for (const probe of probes) {
        const domain = domainContext(handle.db, admin);
        const result = await executor.run(parse(input.query), input.variables(around(probe.character)), {
          domain,
          sessionId: null,
          loaders: createLoaders(domain),
          embeddedIssuer: null,
        });
        const said = result.errors?.[0]?.fields?.[input.field];
        expect(said, `${input.label} with ${probe.name}: ${JSON.stringify(result.errors)}`).toBe(
          expectedMessage(text, probe),
        );
      }
    });
  });
});

/** A text leaf of a zod input: its path and the schema that reads it (with its wrappers). */
type ZodLeaf = { path: string; schema: z.ZodType };

function zodTextLeaves(schema: z.ZodType, path: string[] = []): ZodLeaf[] {
  const { base } = unwrap(schema);
  const def = base._zod.def as { type: string; format?: string };
  if (base instanceof z.ZodObject) {
    return Object.entries(base.shape).flatMap(([name, field]) => zodTextLeaves(field as z.ZodType, [...path, name]));
  }
  if (base instanceof z.ZodArray) return zodTextLeaves(base.element as z.ZodType, [...path, "0"]);
  if (base instanceof z.ZodUnion) {
    return base.options.flatMap((option) => zodTextLeaves(option as z.ZodType, path));
  }
  if (def.type === "string" && !["uuid", "date", "datetime"].includes(def.format ?? "")) {
    return [{ path: path.join("."), schema }];
  }
  return [];
}

/** The forms' and operations' inputs, as declared. */
const declaredInputs: { name: string; schema: z.ZodType; visitor: boolean }[] = [
  ...Object.entries(domainOperations).map(([name, operation]) => ({
    name,
    schema: operation.input,
    visitor: operation.anonymous,
  })),
  ...Object.entries(idpForms).map(([name, form]) => ({ name: `idp.${name}`, schema: form, visitor: true })),
];

const declaredLeaves = declaredInputs.flatMap(({ name, schema: input, visitor }) =>
  zodTextLeaves(input).map((leaf) => ({ ...leaf, label: `${name}(${leaf.path})`, visitor })),
);

describe("the domain's operations and the identity provider's forms, found from their declarations", () => {
  it("find the public forms and the provider's forms", () => {
    const visitorForms = new Set(declaredLeaves.filter((leaf) => leaf.visitor).map((leaf) => leaf.label));
    for (const label of [
      "submitInquiry(region)",
      "applyForCertification(region)",
      "idp.signUp(name)",
      "idp.signIn(password)",
      "idp.resetPassword(confirm)",
    ]) {
      expect(visitorForms).toContain(label);
    }
  });

  it("say the kind of every text field", () => {
    const missing = declaredLeaves.filter((leaf) => !textFieldOf(unwrap(leaf.schema).base)).map((leaf) => leaf.label);
    expect(missing, "declare these with oneLine(…) or multiLine(…) from server/domain/core/fields.ts").toEqual([]);
  });

  it.each(declaredLeaves)("$label refuses what its kind refuses, naming the field", ({ schema: field, label }) => {
    const text = textFieldOf(unwrap(field).base);
    expect(text).toBeDefined();
    if (!text) return;
    for (const probe of probes) {
      const parsed = field.safeParse(around(probe.character));
      if (text.cleaned) {
        // A file's name as it arrived: the character is taken out, never kept.
        if (parsed.success) expect(String(parsed.data)).not.toContain(probe.character);
        continue;
      }
      const said = parsed.success ? undefined : parsed.error.issues[0]?.message;
      const expected = expectedMessage(text, probe);
      if (expected === undefined) {
        // Taken as a line break (kept as LF): whatever else the field says, it is not about that.
        expect(said ?? "", `${label} with ${probe.name}`).not.toMatch(/one line|control character/);
        if (parsed.success) expect(JSON.stringify(parsed.data)).not.toContain("\\r");
      } else {
        expect(said, `${label} with ${probe.name}`).toBe(expected);
      }
    }
  });
});
