import { productName, productsInWords, type ProductId } from "../../../shared/product-line.ts";
import { ArrowLeft, ArrowRight, FileText, Pencil } from "lucide-react";
import { DocsFrame } from "../../components/docs/docs-frame.tsx";
import { DocBreadcrumbs } from "../../components/docs/doc-breadcrumbs.tsx";
import { chooseDocsProduct, docMarkdownResponse, loadDocPage } from "../../lib/docs/reader.server.ts";
import { formatDate } from "../../lib/format.ts";
import type { RouteHandle } from "../../lib/route-handle.ts";
import { privatePageMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/page";

/** Read by signed-in people every day: prerendered-style HTML, enhanced (scroll-spy, copy buttons), not hydrated. */
export const handle: RouteHandle = { hydrate: false, enhance: "docs" };

/** `/docs/{path}.md` is the page's markdown, answered before the page is rendered. */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ context, url }, next) => {
    if (url.pathname.endsWith(".md")) return docMarkdownResponse(context, url);
    return next();
  },
];

export async function loader({ context, url, params }: Route.LoaderArgs) {
  return loadDocPage(context, url, params["*"]);
}

/** The switch between the product generations (the docs' bar). */
export async function action(args: Route.ActionArgs) {
  return chooseDocsProduct(args);
}

export const meta: Route.MetaFunction = ({ loaderData }) => privatePageMeta(`${loaderData.reading.title} · Docs`);

function Pager({ link, rel }: { link: { title: string; path: string } | null; rel: "prev" | "next" }) {
  if (!link) return <span />;
  const next = rel === "next";
  return (
    <a
      href={`/docs/${link.path}`}
      rel={rel}
      className={`group flex flex-col gap-1 rounded-lg border border-gray-200 p-4 hover:border-bdblue-400 hover:bg-gray-50 dark:border-gray-800 dark:hover:border-bdblue-500 dark:hover:bg-gray-900 ${next ? "text-right" : ""}`}
    >
      <span className={`flex items-center gap-1 text-sm text-gray-600 dark:text-gray-400 ${next ? "justify-end" : ""}`}>
        {next ? null : <ArrowLeft aria-hidden="true" className="size-4" />}
        {next ? "Next" : "Previous"}
        {next ? <ArrowRight aria-hidden="true" className="size-4" /> : null}
      </span>
      <span className="font-semibold text-bdblue-800 group-hover:underline dark:text-bdblue-200">{link.title}</span>
    </a>
  );
}

type Reading = Route.ComponentProps["loaderData"]["reading"];

/**
 * Which generation the page is for, said beside its title; for a page that is not for the
 * reader's generation, a note that says so, with its version for theirs when there is one.
 */
function ProductNote({ reading, shown }: { reading: Reading; shown: ProductId }) {
  const { products, counterpart } = reading;
  const forShown = products.includes(shown);
  if (forShown && !counterpart) {
    if (products.length > 1) return null;
    return <p className="mt-3 text-sm font-medium text-gray-700 dark:text-gray-300">For the {productName(shown)}.</p>;
  }
  const other = counterpart ? (
    <a
      href={`/docs/${counterpart.path}`}
      className="font-semibold text-bdblue-800 underline underline-offset-2 dark:text-bdblue-200"
    >
      {counterpart.title}
    </a>
  ) : null;
  if (forShown) {
    return (
      <p className="mt-3 text-sm text-gray-700 dark:text-gray-300">
        For {productsInWords(products)}. For {productsInWords(counterpart?.products ?? [])}, read {other}.
      </p>
    );
  }
  return (
    <div
      role="note"
      className="mt-4 rounded-lg border border-bdblue-300 bg-bdblue-50 px-4 py-3 text-base text-bdblue-950 dark:border-bdblue-800 dark:bg-bdblue-950/60 dark:text-bdblue-50"
    >
      This page is for {productsInWords(products)}, and you are reading the docs for the {productName(shown)}.{" "}
      {other ? (
        <>
          Read its version for your {shown}: {other}.
        </>
      ) : (
        <>There is no {shown} version of it.</>
      )}
    </div>
  );
}

const metaLink =
  "inline-flex items-center gap-1.5 font-medium text-bdblue-700 underline-offset-2 hover:underline dark:text-bdblue-300";

/** Spec §2 "/docs/{slug}": one doc, with the docs navigation, its contents and the way on. */
export default function DocPage({ loaderData }: Route.ComponentProps) {
  const { reading, tree, preview, markdownHref, reader } = loaderData;
  const here = `/docs/${reading.path}`;
  return (
    <DocsFrame
      reader={reader}
      returnTo={here}
      parentId={reading.id}
      tree={tree}
      current={reading.path}
      preview={preview}
      exitPreviewHref={`/docs/${reading.path}?preview=false`}
      headings={reading.headings}
    >
      <article className="max-w-3xl">
        <DocBreadcrumbs crumbs={reading.breadcrumbs} />
        <header className="mt-3 border-b border-gray-200 pb-6 dark:border-gray-800">
          <h1 className="text-3xl font-bold tracking-tight text-balance text-gray-950 sm:text-4xl dark:text-white">
            {reading.title}
            {reading.draft ? (
              <span className="ml-3 inline-block rounded-md border border-amber-300 px-2 py-0.5 align-middle text-sm font-medium tracking-normal text-amber-900 dark:border-amber-700 dark:text-amber-200">
                Draft
              </span>
            ) : null}
          </h1>
          {reading.description ? (
            <p className="mt-3 text-lg text-gray-700 dark:text-gray-300">{reading.description}</p>
          ) : null}
          <ProductNote reading={reading} shown={reader.product} />
          <p className="mt-4 flex flex-wrap items-center gap-x-5 gap-y-2 text-sm text-gray-700 dark:text-gray-300">
            <span>
              Updated <time dateTime={reading.updatedAt}>{formatDate(reading.updatedAt)}</time>
              {reading.author ? ` by ${reading.author}` : null}
            </span>
            <a href={markdownHref} className={metaLink} type="text/markdown">
              <FileText aria-hidden="true" className="size-4" /> View as Markdown
            </a>
            {reading.can.save ? (
              <a href={`/docs/edit?id=${encodeURIComponent(reading.id)}`} className={metaLink}>
                <Pencil aria-hidden="true" className="size-4" /> Edit this page
              </a>
            ) : null}
          </p>
        </header>
        <div className="prose-docs mt-8" dangerouslySetInnerHTML={{ __html: reading.html }} />
        {reading.children.length > 0 ? (
          <section aria-labelledby="doc-children" className="mt-12">
            <h2 id="doc-children" className="text-xl font-semibold text-gray-950 dark:text-white">
              In this section
            </h2>
            <ul className="mt-4 grid gap-3 sm:grid-cols-2">
              {reading.children.map((child) => (
                <li key={child.path}>
                  <a
                    href={`/docs/${child.path}`}
                    className="block h-full rounded-lg border border-gray-200 p-4 hover:border-bdblue-400 hover:bg-gray-50 dark:border-gray-800 dark:hover:border-bdblue-500 dark:hover:bg-gray-900"
                  >
                    <span className="font-semibold text-bdblue-800 dark:text-bdblue-200">{child.title}</span>
                    {child.description ? (
                      <span className="mt-1 block text-sm text-gray-700 dark:text-gray-300">{child.description}</span>
                    ) : null}
                  </a>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <nav aria-label="Previous and next pages" className="mt-12 grid gap-3 sm:grid-cols-2">
          <Pager link={reading.previous} rel="prev" />
          <Pager link={reading.next} rel="next" />
        </nav>
      </article>
    </DocsFrame>
  );
}
