import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { productsNewestFirst } from "../../../shared/product-line.ts";
import { CertificationForm } from "./certification-form.tsx";
import { ContactForm } from "./contact-form.tsx";

/** The values of the radio buttons named `name` in a page's markup, in order. */
function choices(html: string, name: string): string[] {
  const inputs = html.match(new RegExp(`<input[^>]*name="${name}"[^>]*>`, "g")) ?? [];
  return inputs.map((input) => /value="([^"]*)"/.exec(input)?.[1] ?? "");
}

describe("the public forms' product choices", () => {
  it("offer every generation, newest first, and the undecided answer the inquiry takes", () => {
    for (const form of [<CertificationForm ticket="t" />, <ContactForm ticket="t" />]) {
      const offered = choices(renderToStaticMarkup(form), "product");
      // The inquiry's product is a generation or "unsure" (server/domain/inquiries/fields.ts).
      expect(offered).toEqual([...productsNewestFirst, "unsure"]);
    }
  });
});
