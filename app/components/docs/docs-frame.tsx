import { Eye, Menu, ListTree } from "lucide-react";
import type { ReactNode } from "react";
import type { PreviewState } from "../../../shared/contracts/docs-preview.ts";
import type { DocsReader } from "../../lib/docs/reader.ts";
import { DocsBar } from "./docs-bar.tsx";
import { DocTree, type TreeEntry } from "./doc-tree.tsx";

export type Heading = { id: string; text: string; depth: number };

function PreviewBanner({ preview, exitHref }: { preview: PreviewState & { on: true }; exitHref: string }) {
  return (
    <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950/60 dark:text-amber-100">
      <Eye aria-hidden="true" className="size-5 shrink-0" />
      <p className="min-w-0 flex-1">
        <strong className="font-semibold">{preview.staging ? "Preview (staging)" : "Preview"}</strong>
        <span>
          {" "}
          — you are seeing drafts as well as published pages
          {preview.link ? ", through a preview link" : ""}. Readers see only what is published.
        </span>
      </p>
      <a
        href={exitHref}
        className="rounded-md border border-amber-400 bg-white px-3 py-1.5 font-medium text-amber-950 hover:bg-amber-100 dark:border-amber-600 dark:bg-amber-900 dark:text-white dark:hover:bg-amber-800"
      >
        Exit preview
      </a>
    </div>
  );
}

/** The table of contents: the page's sections and their parts; scroll-spy marks the one in view. */
function TableOfContents({ headings }: { headings: readonly Heading[] }) {
  return (
    <ul className="docs-toc space-y-1 text-sm">
      {headings.map((heading) => (
        <li key={heading.id}>
          <a
            href={`#${heading.id}`}
            data-toc={heading.id}
            className={`block border-l-2 border-gray-200 py-1 pr-2 text-gray-700 hover:text-gray-950 aria-[current=true]:border-bdblue-600 aria-[current=true]:font-medium aria-[current=true]:text-bdblue-800 dark:border-gray-800 dark:text-gray-300 dark:hover:text-white dark:aria-[current=true]:border-bdblue-300 dark:aria-[current=true]:text-bdblue-200 ${heading.depth > 2 ? "pl-6" : "pl-3"}`}
          >
            {heading.text}
          </a>
        </li>
      ))}
    </ul>
  );
}

const foldClasses =
  "group rounded-lg border border-gray-200 bg-white dark:border-gray-800 dark:bg-gray-950 [&>summary]:flex [&>summary]:min-h-11 [&>summary]:cursor-pointer [&>summary]:items-center [&>summary]:gap-2 [&>summary]:px-3 [&>summary]:font-medium";

/**
 * The reader's frame inside the default layout: the docs' own bar (search, the product
 * generation, a new page), then the docs navigation on the left, the page, and its table
 * of contents on the right. On narrow screens both fold into `<details>` above the page.
 * Nothing here needs JavaScript.
 */
export function DocsFrame({
  reader,
  returnTo,
  query,
  parentId,
  tree,
  current,
  preview,
  exitPreviewHref,
  headings = [],
  children,
}: {
  reader: DocsReader;
  /** Where the product switch comes back to: this page. */
  returnTo: string;
  query?: string;
  /** A new page from here goes under this one. */
  parentId?: string | undefined;
  tree: readonly TreeEntry[];
  current: string;
  preview: PreviewState;
  exitPreviewHref: string;
  headings?: readonly Heading[];
  children: ReactNode;
}) {
  const toc = headings.length > 0;
  return (
    <>
      <DocsBar reader={reader} returnTo={returnTo} query={query} parentId={parentId} />
      <div className="mx-auto w-full max-w-7xl px-4 sm:px-6 lg:px-8 2xl:max-w-[96rem]">
        {preview.on ? <PreviewBanner preview={preview} exitHref={exitPreviewHref} /> : null}
        <div
          className={`lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-10 ${toc ? "xl:grid-cols-[15rem_minmax(0,1fr)_13rem]" : ""}`}
        >
          <div className="hidden lg:block">
            <nav
              aria-label="Documentation"
              className="sticky top-header max-h-[calc(100dvh-var(--spacing-header))] overflow-y-auto py-8 pr-1 [scrollbar-width:thin]"
            >
              <DocTree entries={tree} current={current} />
            </nav>
          </div>
          <div className="min-w-0 py-6 lg:py-10">
            <div className="mb-6 grid gap-2 lg:hidden">
              <details className={foldClasses}>
                <summary>
                  <Menu aria-hidden="true" className="size-4" /> Documentation menu
                </summary>
                <nav aria-label="Documentation" className="border-t border-gray-200 p-2 dark:border-gray-800">
                  <DocTree entries={tree} current={current} />
                </nav>
              </details>
            </div>
            {toc ? (
              <details className={`${foldClasses} mb-6 xl:hidden`}>
                <summary>
                  <ListTree aria-hidden="true" className="size-4" /> On this page
                </summary>
                <nav aria-label="On this page" className="border-t border-gray-200 p-3 dark:border-gray-800">
                  <TableOfContents headings={headings} />
                </nav>
              </details>
            ) : null}
            {children}
          </div>
          {toc ? (
            <div className="hidden xl:block">
              <nav
                aria-labelledby="toc-heading"
                className="sticky top-header max-h-[calc(100dvh-var(--spacing-header))] overflow-y-auto py-10"
              >
                <p id="toc-heading" className="mb-3 text-sm font-semibold text-gray-950 dark:text-white">
                  On this page
                </p>
                <TableOfContents headings={headings} />
              </nav>
            </div>
          ) : null}
        </div>
      </div>
    </>
  );
}
