import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { CertificationForm } from "../../app/components/site/certification-form.tsx";
import { ContactForm } from "../../app/components/site/contact-form.tsx";
import { unwrap } from "../graphql/from-zod.ts";
import { applicationFields } from "./certification/fields.ts";
import { textFieldOf } from "./core/fields.ts";
import { inquiryFields } from "./inquiries/fields.ts";

/**
 * The public forms' controls follow their fields' kinds (ADR 041): a one-line field is an
 * `<input>`, whose value a browser keeps on one line, and a multi-line field a `<textarea>`.
 * A form that offered a text area for one-line text would invite a refusal.
 */

/** Each named control of a form's markup: its element. */
function controlsOf(html: string): Map<string, string> {
  const controls = new Map<string, string>();
  for (const match of html.matchAll(/<(input|textarea|select)\b[^>]*?\bname="([^"]+)"/g)) {
    const [, element, name] = match;
    if (element && name) controls.set(name, element);
  }
  return controls;
}

const forms = [
  { name: "the contact form", html: renderToStaticMarkup(<ContactForm ticket="ticket" />), fields: inquiryFields },
  {
    name: "the certification application",
    html: renderToStaticMarkup(<CertificationForm ticket="ticket" />),
    fields: applicationFields,
  },
];

describe.each(forms)("$name", ({ html, fields }) => {
  const controls = controlsOf(html);
  const textFields = Object.entries(fields).flatMap(([name, schema]) => {
    const text = textFieldOf(unwrap(schema as z.ZodType).base);
    return text ? [{ name, kind: text.kind }] : [];
  });

  it("has a control for each of its text fields", () => {
    expect(textFields.length).toBeGreaterThan(5);
    for (const { name } of textFields) expect(controls.has(name), name).toBe(true);
  });

  it("offers a text area for multi-line text and a one-line input for the rest", () => {
    for (const { name, kind } of textFields) {
      expect(controls.get(name), name).toBe(
        kind === "multi-line" ? "textarea" : name === "country" ? "select" : "input",
      );
    }
  });
});
