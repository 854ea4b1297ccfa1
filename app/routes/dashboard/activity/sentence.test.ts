import { describe, expect, it } from "vitest";
import { activitySentence } from "./sentence.ts";

describe("activitySentence", () => {
  it("names the record when someone acts on another", () => {
    expect(
      activitySentence({ actorLabel: "Aisha Rahman", words: "changed the role of", targetLabel: "Rahul" }),
    ).toEqual({
      words: "changed the role of",
      target: "Rahul",
    });
  });

  it("names the actor once when they act on their own account", () => {
    expect(activitySentence({ actorLabel: "Aisha Rahman", words: "signed in", targetLabel: "Aisha Rahman" })).toEqual({
      words: "signed in",
      target: null,
    });
    expect(
      activitySentence({ actorLabel: "Aisha Rahman", words: "changed the profile of", targetLabel: "Aisha Rahman" }),
    ).toEqual({ words: "changed their profile", target: null });
    expect(
      activitySentence({ actorLabel: "Aisha Rahman", words: "removed the picture of", targetLabel: "Aisha Rahman" }),
    ).toEqual({ words: "removed their picture", target: null });
  });

  it("keeps the record when the words need it and cannot be turned round", () => {
    expect(
      activitySentence({ actorLabel: "Aisha Rahman", words: "ended a session of", targetLabel: "Aisha Rahman" }),
    ).toEqual({ words: "ended a session of", target: "Aisha Rahman" });
  });

  it("says the words alone for an event with no record", () => {
    expect(activitySentence({ actorLabel: "System", words: "changed the site setting", targetLabel: null })).toEqual({
      words: "changed the site setting",
      target: null,
    });
  });
});
