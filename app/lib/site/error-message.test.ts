import { describe, expect, it } from "vitest";
import {
  defaultErrorMessage,
  defaultErrorName,
  errorScreen,
  notFoundMessage,
  validationFailedMessage,
} from "./error-message.ts";

describe("error screen defaults (spec §2)", () => {
  it("uses the spec's default name, message and status 404 when nothing is given", () => {
    expect(defaultErrorName).toBe("An error occurred");
    expect(defaultErrorMessage).toBe("This is not the page you're looking for.");
    expect(errorScreen({})).toEqual({
      statusCode: 404,
      name: "An error occurred",
      message: "This is not the page you're looking for.",
    });
  });

  it("treats a blank name or message as missing", () => {
    expect(errorScreen({ name: "   ", message: "" })).toEqual({
      statusCode: 404,
      name: defaultErrorName,
      message: defaultErrorMessage,
    });
  });

  it("keeps a given status code", () => {
    expect(errorScreen({ statusCode: 500 }).statusCode).toBe(500);
  });

  it("replaces a message that only repeats the name with the default message", () => {
    expect(errorScreen({ name: "Gone", message: "Gone" }).message).toBe(defaultErrorMessage);
  });

  it("compares name and message without their surrounding whitespace", () => {
    expect(errorScreen({ name: "  Gone ", message: "\tGone\n" })).toEqual({
      statusCode: 404,
      name: "Gone",
      message: defaultErrorMessage,
    });
  });

  it("keeps a message that differs from the name", () => {
    expect(errorScreen({ name: "Gone", message: "This page was removed." })).toEqual({
      statusCode: 404,
      name: "Gone",
      message: "This page was removed.",
    });
  });

  it("a message equal to the default name is dropped when no name is given", () => {
    expect(errorScreen({ message: defaultErrorName }).message).toBe(defaultErrorMessage);
  });
});

describe("error names (spec §5, §8)", () => {
  it("notFoundMessage names the full path, query included", () => {
    expect(notFoundMessage("/x?y=1")).toBe("Page not found: /x?y=1");
  });

  it("validationFailedMessage uses capital N and F", () => {
    expect(validationFailedMessage("/about/v9")).toBe("Page Not Found: /about/v9");
  });
});
