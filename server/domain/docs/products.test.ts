import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { databaseKinds, useTestDatabase } from "../../../tests/support/databases.ts";
import { domainContext } from "../../../tests/support/domain.ts";
import type { Database } from "../../db/client.ts";
import { organizations, users } from "../../db/schema/index.ts";
import { ValidationError } from "../core/errors.ts";
import { updatePreferences, type User } from "../users/index.ts";
import { createDoc, docsProductOf, docTree, publishDoc, readDoc, saveDoc, type Doc } from "./index.ts";

async function fieldsOf(promise: Promise<unknown>): Promise<Record<string, string>> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ValidationError) return error.fields;
    throw error;
  }
  throw new Error("expected a refusal");
}

/** Docs per product generation (issue 35): what each reader sees, and what a writer may say a page is for. */
describe.each(databaseKinds)("docs per product generation on %s", (kind) => {
  const database = useTestDatabase(kind);

  async function person(db: Database, role: User["role"], subject: string, organizationId: string | null = null) {
    const [user] = await db
      .insert(users)
      .values({
        issuer: "https://idp.test",
        subject,
        email: `${subject}@example.test`,
        role,
        status: "active",
        organizationId,
      })
      .returning();
    if (!user) throw new Error("no user");
    return user;
  }

  async function clinic(db: Database, name: string, owns: { product: "v4" | "v5"; units: number }[]) {
    const [row] = await db
      .insert(organizations)
      .values({ name, kind: "clinic", city: "Madison", country: "US", products: owns })
      .returning();
    if (!row) throw new Error("no organization");
    return row.id;
  }

  const page = (slug: string, extra: Partial<Parameters<typeof createDoc>[1]> = {}) => ({
    title: `${slug.charAt(0).toUpperCase()}${slug.slice(1).replace(/-/g, " ")}`,
    slug,
    body: `Steps for ${slug}.`,
    ...extra,
  });

  async function setUp() {
    const { db } = database();
    const editor = domainContext(db, await person(db, "editor", "editor"));
    const write = async (slug: string, extra: Partial<Parameters<typeof createDoc>[1]> = {}): Promise<Doc> => {
      const created = await createDoc(editor, page(slug, extra));
      return publishDoc(editor, { id: created.id, version: created.version });
    };
    return { db, editor, write };
  }

  it("shows each reader the pages for their generation, and keeps a section's pages within its products", async () => {
    const { db, editor, write } = await setUp();
    const updates = await write("software-updates", { products: ["v5"] });
    await write("verify-checksum", { parentId: updates.id, products: ["v5"] });
    await write("reading-a-report");
    const v4 = await write("v4", { products: ["v4"] });
    await write("v4-updates", { parentId: v4.id, products: ["v4"] });

    // A page under a page for the v5 only cannot be for the v4 as well, and a section keeps its pages' products.
    expect((await fieldsOf(createDoc(editor, page("both", { parentId: updates.id })))).products).toBe(
      "“Software updates”, the page this sits under, is for the v5 only: choose that, or another parent.",
    );
    expect(
      (await fieldsOf(saveDoc(editor, { ...page("v4"), products: ["v5"], id: v4.id, version: v4.version }))).products,
    ).toBe("“V4 updates”, a page under this one, is for the v4: keep those products, or change that page first.");

    const viewer = domainContext(db, await person(db, "viewer", "viewer"));
    const paths = async (product?: "v4" | "v5") =>
      (await docTree(viewer, product ? { product } : {})).map((node) => node.path);
    expect(await paths("v5")).toEqual(["software-updates", "software-updates/verify-checksum", "reading-a-report"]);
    expect(await paths("v4")).toEqual(["reading-a-report", "v4", "v4/v4-updates"]);
    expect(await paths()).toHaveLength(5);

    // The way on follows the reader's generation; the page itself is shown whatever it is for.
    const report = await readDoc(viewer, { path: "reading-a-report", product: "v4" });
    expect(report.reading?.previous).toBeNull();
    expect(report.reading?.next).toEqual({ title: "V4", path: "v4" });
    const other = await readDoc(viewer, { path: "software-updates", product: "v4" });
    expect(other.reading).toMatchObject({ products: ["v5"], product: "v4", previous: null, next: null });
  });

  it("offers a page's version for the other generation, named from either side, and checks the pair", async () => {
    const { db, editor, write } = await setUp();
    const v4 = await write("v4", { products: ["v4"] });
    const older = await write("updating-the-v4", { parentId: v4.id, products: ["v4"] });
    const both = await write("reading-a-report");
    const newer = await write("software-updates", { products: ["v5"], counterpartId: older.id });

    const viewer = domainContext(db, await person(db, "viewer", "viewer"));
    expect((await readDoc(viewer, { path: "software-updates" })).reading?.counterpart).toEqual({
      title: "Updating the v4",
      path: "v4/updating-the-v4",
      products: ["v4"],
    });
    expect((await readDoc(viewer, { path: "v4/updating-the-v4" })).reading?.counterpart).toMatchObject({
      path: "software-updates",
    });
    expect((await readDoc(viewer, { path: "reading-a-report" })).reading?.counterpart).toBeNull();

    const fields = async (counterpartId: string, products: ("v4" | "v5")[] = ["v5"]) =>
      (
        await fieldsOf(
          createDoc(editor, page(`try-${Math.random().toString(36).slice(2, 8)}`, { products, counterpartId })),
        )
      ).counterpartId;
    expect(await fields(older.id, ["v4", "v5"])).toMatch(/^Only a page for one product/);
    expect(await fields(both.id)).toMatch(/is for the v4 and the v5/);
    expect(await fields(v4.id, ["v4"])).toMatch(/must be for one product, not the same/);
    expect(await fields(older.id)).toBe("“Software updates” is already the other version of “Updating the v4”.");
    expect(newer.counterpartId).toBe(older.id);
  });

  it("shows a new reader their organization's generation, and then the one they choose", async () => {
    const { db } = await setUp();
    const v4Clinic = await clinic(db, "Lakeside Clinic", [{ product: "v4", units: 2 }]);
    const mixed = await clinic(db, "Harbor Hospital", [
      { product: "v4", units: 1 },
      { product: "v5", units: 3 },
    ]);
    const technician = await person(db, "viewer", "tech", v4Clinic);
    const asTechnician = domainContext(db, technician);
    expect(await docsProductOf(asTechnician, {})).toBe("v4");
    expect(await docsProductOf(domainContext(db, await person(db, "viewer", "nurse", mixed)), {})).toBe("v5");
    expect(await docsProductOf(domainContext(db, await person(db, "viewer", "alone")), {})).toBe("v5");

    await updatePreferences(asTechnician, { id: technician.id, version: technician.version, docsProduct: "v5" });
    expect(await docsProductOf(asTechnician, {})).toBe("v5");
    const [kept] = await db.select({ chosen: users.docsProduct }).from(users).where(eq(users.id, technician.id));
    expect(kept?.chosen).toBe("v5");
  });

  it("lets a change of products wait for publishing, as the words do", async () => {
    const { db, editor, write } = await setUp();
    const guide = await write("cleaning");
    await saveDoc(editor, { ...page("cleaning"), products: ["v5"], id: guide.id, version: guide.version });
    const viewer = domainContext(db, await person(db, "viewer", "viewer"));
    expect((await docTree(viewer, { product: "v4" })).map((node) => node.path)).toEqual(["cleaning"]);
    const saved = (await docTree(editor, { preview: true, product: "v4" })).map((node) => node.path);
    expect(saved).toEqual([]);
  });

  it("lets a rename and a move wait for publishing: readers keep the old address until then", async () => {
    const { db, editor, write } = await setUp();
    const section = await write("maintenance");
    const guide = await write("cleaning");
    const viewer = domainContext(db, await person(db, "viewer", "viewer"));
    const renamed = await saveDoc(editor, {
      ...page("cleaning"),
      title: "Cleaning the cradle",
      slug: "cradle-cleaning",
      parentId: section.id,
      id: guide.id,
      version: guide.version,
    });
    // Readers: the old address, the old title, in the old place; the new one is nothing yet.
    const before = await readDoc(viewer, { path: "cleaning" });
    expect(before.reading?.title).toBe("Cleaning");
    await expect(readDoc(viewer, { path: "maintenance/cradle-cleaning" })).rejects.toThrow(/no doc there/);
    expect((await docTree(viewer, {})).map((node) => node.path)).toEqual(["maintenance", "cleaning"]);
    // Editors in preview see the page where the draft puts it.
    expect((await docTree(editor, { preview: true })).map((node) => node.path)).toEqual([
      "maintenance",
      "maintenance/cradle-cleaning",
    ]);

    await publishDoc(editor, { id: renamed.id, version: renamed.version });
    const after = await readDoc(viewer, { path: "maintenance/cradle-cleaning" });
    expect(after.reading?.title).toBe("Cleaning the cradle");
    expect((await readDoc(viewer, { path: "cleaning" })).redirectTo).toBe("maintenance/cradle-cleaning");
    expect((await docTree(viewer, {})).map((node) => node.path)).toEqual([
      "maintenance",
      "maintenance/cradle-cleaning",
    ]);
  });
});
