import { productName } from "../../../shared/product-line.ts";
import { ArrowRight, BookOpen } from "lucide-react";
import { DocsFrame } from "../../components/docs/docs-frame.tsx";
import { branchesOf } from "../../components/docs/doc-tree.tsx";
import { chooseDocsProduct, loadDocsHome } from "../../lib/docs/reader.server.ts";
import type { RouteHandle } from "../../lib/route-handle.ts";
import { privatePageMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/index";

export const handle: RouteHandle = { hydrate: false, enhance: "docs" };

export async function loader({ context, url }: Route.LoaderArgs) {
  return loadDocsHome(context, url);
}

/** The switch between the product generations (the docs' bar). */
export async function action(args: Route.ActionArgs) {
  return chooseDocsProduct(args);
}

export const meta: Route.MetaFunction = () => privatePageMeta("Docs");

/** Spec §2 "/docs": the documentation's sections, each with its pages. */
export default function DocsOverview({ loaderData }: Route.ComponentProps) {
  const { tree, preview, reader } = loaderData;
  const sections = branchesOf(tree);
  return (
    <DocsFrame
      reader={reader}
      returnTo="/docs"
      tree={tree}
      current=""
      preview={preview}
      exitPreviewHref="/docs?preview=false"
    >
      <div className="max-w-4xl">
        <header className="border-b border-gray-200 pb-6 dark:border-gray-800">
          <p className="flex items-center gap-2 text-sm font-semibold text-bdblue-700 dark:text-bdblue-300">
            <BookOpen aria-hidden="true" className="size-4" /> Documentation
          </p>
          <h1 className="mt-2 text-3xl font-bold tracking-tight text-gray-950 sm:text-4xl dark:text-white">
            Densara docs
          </h1>
          <p className="mt-3 text-lg text-gray-700 dark:text-gray-300">
            Procedures for installing, calibrating, running and looking after your scanner, written for the technicians
            and operators who use it every day. You are reading the docs for the{" "}
            <strong className="font-semibold text-gray-950 dark:text-white">{productName(reader.product)}</strong>:
            switch to the other generation in the bar above.
          </p>
        </header>
        {sections.length === 0 ? (
          <p className="mt-8 rounded-lg border border-dashed border-gray-300 p-6 text-gray-700 dark:border-gray-700 dark:text-gray-300">
            No documentation is published for the {productName(reader.product)} yet.
          </p>
        ) : (
          <ul className="mt-8 grid gap-4 md:grid-cols-2">
            {sections.map((section) => (
              <li key={section.id} className="flex flex-col rounded-xl border border-gray-200 p-5 dark:border-gray-800">
                <h2 className="text-lg font-semibold">
                  <a
                    href={`/docs/${section.path}`}
                    className="group inline-flex items-center gap-1.5 text-gray-950 hover:text-bdblue-800 dark:text-white dark:hover:text-bdblue-200"
                  >
                    {section.title}
                    <ArrowRight
                      aria-hidden="true"
                      className="size-4 transition-transform group-hover:translate-x-0.5"
                    />
                  </a>
                </h2>
                {section.description ? (
                  <p className="mt-1.5 text-sm text-gray-700 dark:text-gray-300">{section.description}</p>
                ) : null}
                {section.pages.length > 0 ? (
                  <ul className="mt-4 space-y-1.5 border-t border-gray-200 pt-3 text-sm dark:border-gray-800">
                    {section.pages.map((page) => (
                      <li key={page.id}>
                        <a
                          href={`/docs/${page.path}`}
                          className="text-bdblue-700 underline-offset-2 hover:underline dark:text-bdblue-300"
                        >
                          {page.title}
                        </a>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </div>
    </DocsFrame>
  );
}
