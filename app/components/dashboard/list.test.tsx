import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { alertClasses } from "../ui/alert.ts";
import { ListAlert } from "./list.tsx";

describe("ListAlert", () => {
  it("says what failed to load as an alert, in the form alert's box", () => {
    expect(renderToStaticMarkup(<ListAlert message="That person could not be found." />)).toBe(
      `<p role="alert" class="${alertClasses.error}">That person could not be found.</p>`,
    );
  });

  it("draws nothing when nothing failed", () => {
    expect(renderToStaticMarkup(<ListAlert message={null} />)).toBe("");
    expect(renderToStaticMarkup(<ListAlert message={undefined} />)).toBe("");
  });
});
