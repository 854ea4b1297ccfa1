import { parseFeed } from "@rowanmanning/feed-parser";
import { parseAtomFeed, parseJsonFeed } from "feedsmith";
import { SaxesParser } from "saxes";
import { z } from "zod";

/**
 * The release feeds read as independent readers read them. Atom: a strict XML 1.0 parser
 * (saxes), then two feed parsers (feedsmith and @rowanmanning/feed-parser). JSON Feed:
 * JSON.parse, feedsmith, and the JSON Feed 1.1 specification's own rules written as a
 * schema (@rowanmanning/feed-parser reads RSS and Atom only).
 */

export type ReadEntry = { id: string; title: string; link: string; content: string };

/** Every error a strict XML 1.0 parser finds in the document (none, for a well-formed one). */
function xmlErrors(xml: string): string[] {
  const parser = new SaxesParser({ xmlns: true });
  const errors: string[] = [];
  parser.on("error", (error) => errors.push(error.message));
  parser.write(xml).close();
  return errors;
}

/** An Atom feed's entries as each of the two parsers reads them; both must agree. */
export function readAtom(xml: string): { feedsmith: ReadEntry[]; rowanmanning: ReadEntry[]; errors: string[] } {
  const errors = xmlErrors(xml);
  const one = parseAtomFeed(xml);
  const other = parseFeed(xml);
  return {
    errors,
    feedsmith: (one.entries ?? []).map((entry) => ({
      id: entry.id ?? "",
      title: entry.title?.value ?? "",
      link: entry.links?.find((link) => (link.rel ?? "alternate") === "alternate")?.href ?? "",
      content: entry.content?.value ?? "",
    })),
    rowanmanning: other.items.map((item) => ({
      id: item.id ?? "",
      title: item.title ?? "",
      link: item.url ?? "",
      content: item.content ?? "",
    })),
  };
}

const rfc3339 = z.iso.datetime({ offset: true });
const author = z
  .object({ name: z.string().optional(), url: z.url().optional(), avatar: z.url().optional() })
  .refine((value) => value.name ?? value.url ?? value.avatar, "An author has a name, a URL or an avatar.");

/**
 * JSON Feed 1.1 (jsonfeed.org/version/1.1): what a feed and each item must have, and the
 * types of what they may have. Extensions (keys starting with "_") are allowed.
 */
const jsonFeedSchema = z.looseObject({
  version: z.literal("https://jsonfeed.org/version/1.1"),
  title: z.string().min(1),
  home_page_url: z.url().optional(),
  feed_url: z.url().optional(),
  description: z.string().optional(),
  language: z.string().optional(),
  authors: z.array(author).optional(),
  items: z.array(
    z
      .looseObject({
        id: z.string().min(1),
        url: z.url().optional(),
        title: z.string().optional(),
        content_html: z.string().optional(),
        content_text: z.string().optional(),
        date_published: rfc3339.optional(),
        date_modified: rfc3339.optional(),
        authors: z.array(author).optional(),
      })
      .refine(
        (item) => item.content_html !== undefined || item.content_text !== undefined,
        "An item has content_html or content_text.",
      ),
  ),
});

/** A JSON Feed's items as feedsmith reads them and as the specification's schema reads them; both must agree. */
export function readJsonFeed(body: string): { feedsmith: ReadEntry[]; specification: ReadEntry[] } {
  const json: unknown = JSON.parse(body);
  const spec = jsonFeedSchema.parse(json);
  const read = parseJsonFeed(body);
  return {
    feedsmith: (read.items ?? []).map((item) => ({
      id: item.id ?? "",
      title: item.title ?? "",
      link: item.url ?? "",
      content: item.content_html ?? "",
    })),
    specification: spec.items.map((item) => ({
      id: item.id,
      title: item.title ?? "",
      link: item.url ?? "",
      content: item.content_html ?? "",
    })),
  };
}
