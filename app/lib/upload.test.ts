import { describe, expect, it } from "vitest";
import { refusalOf } from "./upload.ts";

describe("refusalOf: what an upload's refusal says", () => {
  it("says the field's message first: it says what is wrong with the file", () => {
    const body = {
      error: {
        code: "VALIDATION_FAILED",
        message: "One field needs your attention.",
        fields: { file: "That file is a program." },
      },
    };
    expect(refusalOf(400, body)).toEqual({
      message: "That file is a program.",
      fields: { file: "That file is a program." },
    });
  });

  it("falls back to the error's message, then to words for the status", () => {
    expect(refusalOf(403, { error: { message: "Your role (viewer) does not allow you to upload files." } })).toEqual({
      message: "Your role (viewer) does not allow you to upload files.",
    });
    expect(refusalOf(413, null).message).toBe("That file is too large for the portal.");
    expect(refusalOf(401, "not json").message).toMatch(/session has ended/);
    expect(refusalOf(502, null).message).toMatch(/did not take the file/);
  });
});
