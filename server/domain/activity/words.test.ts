import { describe, expect, it } from "vitest";
import { activityActions, entities } from "../index.ts";

/**
 * The activity log speaks in words, never codes (issue 14): every action any entity can
 * record has a sentence (words that follow the actor's name) and a label for the filter.
 */
describe("the activity log's words", () => {
  it("cover every action of every entity", () => {
    const declared = entities.flatMap((entity) =>
      Object.keys(entity.actions).map((action) => `${entity.name}.${action}`),
    );
    expect(activityActions.map((entry) => entry.action).sort()).toEqual(declared.sort());
    expect(declared.length).toBeGreaterThan(20);
  });

  it.each(activityActions)("$action reads as a sentence, and has a label of its own", ({ action, words, label }) => {
    // Words follow a name in lower case: "Aisha Rahman changed the role of Rahul".
    expect(words).toMatch(/^[a-z][a-z ,'-]*:?$/);
    // A label names the action in a filter: "Role changed", never its code.
    expect(label).toMatch(/^[A-Z][A-Za-z ,'()-]*$/);
    expect(label).not.toContain(action);
    expect(activityActions.filter((entry) => entry.label === label)).toHaveLength(1);
  });
});
