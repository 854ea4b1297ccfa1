import { productName } from "../../../shared/product-line.ts";
import { SearchX } from "lucide-react";
import { data } from "react-router";
import { DocsFrame } from "../../components/docs/docs-frame.tsx";
import { tryQuery } from "../../lib/api.server.ts";
import { chooseDocsProduct, docsFailure, loadDocsHome } from "../../lib/docs/reader.server.ts";
import { docHitHref, snippetParts } from "../../lib/docs/search.ts";
import type { RouteHandle } from "../../lib/route-handle.ts";
import type { ErrorPayload } from "../../lib/route-error.ts";
import { textProblem } from "../../../shared/text-kinds.ts";
import { capitalized } from "../../../shared/words.ts";
import { privatePageMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/search";
import { DocSearchQuery } from "../../lib/docs/queries.ts";

/** A results page that works on any device and without JavaScript; the ⌘K panel is its quick form. */
export const handle: RouteHandle = { hydrate: false, enhance: "docs" };

export async function loader({ context, url }: Route.LoaderArgs) {
  const home = await loadDocsHome(context, url);
  const asked = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  if (!asked) return { ...home, asked, hits: [] };
  // One-line text, as the API reads it (ADR 041): said as a 400 in words, not as "not found".
  const problem = textProblem("one-line", "the search", asked);
  if (problem) {
    throw data<ErrorPayload>(
      { name: "This search cannot be read", message: `${problem} Search again from the box above.` },
      { status: 400 },
    );
  }
  const found = await tryQuery(context, DocSearchQuery, { query: asked, first: 20, product: home.reader.product });
  if (!found.ok) docsFailure(url, found.error);
  return { ...home, asked, hits: found.data.docSearch };
}

/** The switch between the product generations (the docs' bar). */
export async function action(args: Route.ActionArgs) {
  return chooseDocsProduct(args);
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  privatePageMeta(loaderData.asked ? `“${loaderData.asked}” · Search the docs` : "Search the docs");

/** `/docs/search?q=…`: the docs that match, best first, each with the passage that matched. */
export default function DocsSearch({ loaderData }: Route.ComponentProps) {
  const { tree, preview, reader, asked, hits } = loaderData;
  const returnTo = `/docs/search${asked ? `?q=${encodeURIComponent(asked)}` : ""}`;
  return (
    <DocsFrame
      reader={reader}
      returnTo={returnTo}
      query={asked}
      tree={tree}
      current=""
      preview={preview}
      exitPreviewHref={`${returnTo}${asked ? "&" : "?"}preview=false`}
    >
      <div className="max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight text-gray-950 sm:text-4xl dark:text-white">
          {asked ? <>Results for “{asked}”</> : "Search the docs"}
        </h1>
        {asked ? (
          <p className="mt-3 text-lg text-gray-700 dark:text-gray-300" role="status">
            {hits.length === 0
              ? "Nothing in the docs matches."
              : capitalized(
                  `${hits[0]?.correction ? `Nothing matches “${asked}” as typed: ` : ""}${
                    hits.length === 1 ? "one page matches" : `${hits.length} pages match`
                  }${hits[0]?.correction ? ` “${hits[0].correction}”` : ""}, best first.`,
                )}
          </p>
        ) : (
          <p className="mt-3 text-lg text-gray-700 dark:text-gray-300">
            Type a word, a phrase or an error code (E-204, E204 or 204) in the field above.
          </p>
        )}
        {asked && hits.length === 0 ? (
          <div className="mt-8 flex gap-4 rounded-lg border border-dashed border-gray-300 p-6 text-base text-gray-700 dark:border-gray-700 dark:text-gray-300">
            <SearchX aria-hidden="true" className="size-6 shrink-0" />
            <p>
              Try fewer or other words, or an error code as the unit shows it. Browse the docs for the{" "}
              {productName(reader.product)} from{" "}
              <a href="/docs" className="font-semibold text-bdblue-800 underline dark:text-bdblue-200">
                the docs home
              </a>
              .
            </p>
          </div>
        ) : null}
        {hits.length > 0 ? (
          <ol className="mt-8 grid gap-4">
            {hits.map((hit) => (
              <li key={hit.id} className="rounded-lg border border-gray-200 p-4 dark:border-gray-800">
                <h2 className="text-lg font-semibold">
                  <a
                    href={docHitHref(hit)}
                    className="text-bdblue-800 underline-offset-2 hover:underline dark:text-bdblue-200"
                  >
                    {hit.heading ? `${hit.title}: ${hit.heading.text}` : hit.title}
                  </a>
                </h2>
                <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">/docs/{hit.path}</p>
                <p className="mt-2 text-base text-gray-800 dark:text-gray-200">
                  {snippetParts(hit.snippet).map((part, index) =>
                    part.match ? (
                      <mark
                        key={index}
                        className="rounded bg-amber-100 px-0.5 text-gray-950 dark:bg-amber-900 dark:text-white"
                      >
                        {part.text}
                      </mark>
                    ) : (
                      <span key={index}>{part.text}</span>
                    ),
                  )}
                </p>
              </li>
            ))}
          </ol>
        ) : null}
      </div>
    </DocsFrame>
  );
}
