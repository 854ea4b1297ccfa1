import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { databaseKinds, useTestDatabase } from "../../../tests/support/databases.ts";
import { domainContext, systemAdmin } from "../../../tests/support/domain.ts";
import { activity } from "../../db/schema/index.ts";
import { ValidationError } from "../core/errors.ts";
import { createSearchSynonym, listSearchSynonyms, updateSearchSynonym } from "./index.ts";

async function fieldsOf(promise: Promise<unknown>): Promise<Record<string, string>> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ValidationError) return error.fields;
    throw error;
  }
  throw new Error("expected a refusal");
}

describe.each(databaseKinds)("search synonyms on %s", (kind) => {
  const database = useTestDatabase(kind);
  const context = () => domainContext(database().db, systemAdmin);

  it("reads terms from a comma list or a list, one line or several, tidied", async () => {
    const group = await createSearchSynonym(context(), { terms: [" wifi ,  wireless\nWLAN ", "wireless  lan;"] });
    expect(group.terms).toEqual(["wifi", "wireless", "WLAN", "wireless lan"]);
    expect((await listSearchSynonyms(context(), {})).map((each) => each.terms)).toEqual([group.terms]);
  });

  it("refuses a group that is no group, each time with a sentence to act on", async () => {
    const refused = async (terms: string[]) => (await fieldsOf(createSearchSynonym(context(), { terms }))).terms;
    expect(await refused(["wifi"])).toBe("Give at least two terms, separated by commas: wifi, wireless, wlan.");
    expect(await refused(["Wi-Fi, wifi"])).toBe("“Wi-Fi” and “wifi” are the same term: list it once.");
    expect(await refused(["wifi, ---"])).toBe("“---” has no letters or digits to search for.");
    expect(await refused([`wifi, ${"w".repeat(61)}`])).toMatch(/^Keep each term to 60 characters/);
    expect(await refused([Array.from({ length: 13 }, (_, at) => `term${at}`).join(", ")])).toBe(
      "Give at most 12 terms in one group.",
    );
  });

  it("keeps a term in one group only, and says which group has it", async () => {
    const first = await createSearchSynonym(context(), { terms: ["QC", "quality control"] });
    const second = await createSearchSynonym(context(), { terms: ["daily check", "morning check"] });
    expect((await fieldsOf(createSearchSynonym(context(), { terms: ["quality-control, qa"] }))).terms).toBe(
      "“quality-control” is already in the group “QC, quality control”: add the other terms there, or take it out of that group first.",
    );
    expect(
      (
        await fieldsOf(
          updateSearchSynonym(context(), { id: second.id, version: second.version, terms: ["daily check", "qc"] }),
        )
      ).terms,
    ).toMatch(/^“qc” is already in the group “QC, quality control”/);
    // A group may keep its own terms when it changes.
    const changed = await updateSearchSynonym(context(), {
      id: first.id,
      version: first.version,
      terms: ["QC", "quality control", "quality check"],
    });
    expect(changed.version).toBe(first.version + 1);
  });

  it("records each change in the activity log with the terms, and nothing for a save that changes nothing", async () => {
    const group = await createSearchSynonym(context(), { terms: ["reboot, restart"] });
    const same = await updateSearchSynonym(context(), {
      id: group.id,
      version: group.version,
      terms: ["reboot", "restart"],
    });
    expect(same.version).toBe(group.version);
    const rows = await database().db.select().from(activity).where(eq(activity.targetId, group.id));
    expect(rows.map((row) => [row.action, row.targetLabel])).toEqual([["searchSynonym.create", "reboot, restart"]]);
  });
});
