import { productName, productsNewestFirst } from "../../../shared/product-line.ts";
import { FilePlus2, Search } from "lucide-react";
import type { DocsReader } from "../../lib/docs/reader.ts";
import { cn } from "../ui/cn.ts";

const control =
  "min-h-11 rounded-lg border border-gray-300 bg-white text-base text-gray-950 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-bdblue-600 dark:border-gray-700 dark:bg-gray-950 dark:text-white dark:focus-visible:outline-bdblue-300";

/**
 * The switch between the generations, as a plain form: the choice is kept on the reader's
 * account and the page comes back showing the docs of that generation.
 */
function ProductSwitch({ reader, returnTo }: { reader: DocsReader; returnTo: string }) {
  return (
    <form method="post" action={returnTo} className="flex items-center gap-2">
      <input type="hidden" name="csrf" value={reader.csrfToken} />
      <input type="hidden" name="intent" value="product" />
      <input type="hidden" name="version" value={reader.user.version} />
      <fieldset className="flex items-center gap-2">
        <legend className="sr-only">Show the docs for</legend>
        <span aria-hidden="true" className="text-sm font-medium text-gray-700 dark:text-gray-300">
          Docs for
        </span>
        <span className="inline-flex rounded-lg border border-gray-300 p-0.5 dark:border-gray-700">
          {productsNewestFirst.map((product) => {
            const chosen = product === reader.product;
            return (
              <button
                key={product}
                type="submit"
                name="product"
                value={product}
                aria-pressed={chosen}
                aria-label={productName(product)}
                className={cn(
                  "min-h-10 min-w-14 rounded-md px-3 text-base font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-bdblue-600 dark:focus-visible:outline-bdblue-300",
                  chosen
                    ? "bg-bdblue-700 text-white dark:bg-bdblue-300 dark:text-gray-950"
                    : "text-gray-700 hover:bg-gray-100 dark:text-gray-200 dark:hover:bg-gray-800",
                )}
              >
                {product}
              </button>
            );
          })}
        </span>
      </fieldset>
    </form>
  );
}

/**
 * The docs' own bar, above every reader's page: search (a plain form, on phones too), the
 * switch between the product generations, and a new page for those who write.
 */
export function DocsBar({
  reader,
  returnTo,
  query = "",
  parentId,
}: {
  reader: DocsReader;
  /** The page the switch comes back to. */
  returnTo: string;
  query?: string;
  /** A new page from here goes under this one. */
  parentId?: string | undefined;
}) {
  return (
    <div className="border-b border-gray-200 bg-gray-50/80 dark:border-gray-800 dark:bg-gray-900/60">
      <div className="mx-auto flex w-full max-w-7xl flex-wrap items-center gap-x-4 gap-y-3 px-4 py-3 sm:px-6 lg:px-8 2xl:max-w-[96rem]">
        <form role="search" action="/docs/search" method="get" className="flex min-w-0 flex-[1_1_18rem] gap-2">
          <label htmlFor="docs-search" className="sr-only">
            Search the docs
          </label>
          <input
            id="docs-search"
            type="search"
            name="q"
            defaultValue={query}
            maxLength={100}
            enterKeyHint="search"
            placeholder="Search, or an error code like E-204"
            className={cn(
              control,
              "w-full min-w-0 px-3 placeholder:text-gray-600 dark:placeholder:text-gray-400 [&::-webkit-search-cancel-button]:hidden",
            )}
          />
          <button
            type="submit"
            className="inline-flex min-h-11 shrink-0 items-center gap-2 rounded-lg bg-bdblue-700 px-4 text-base font-semibold text-white hover:bg-bdblue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-bdblue-600 dark:bg-bdblue-300 dark:text-gray-950 dark:hover:bg-bdblue-200 dark:focus-visible:outline-bdblue-300"
          >
            <Search aria-hidden="true" className="size-5" />
            <span className="max-sm:sr-only">Search</span>
          </button>
        </form>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-3">
          <ProductSwitch reader={reader} returnTo={returnTo} />
          {reader.canWrite ? (
            <a
              href={parentId ? `/docs/add?parent=${encodeURIComponent(parentId)}` : "/docs/add"}
              className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-gray-300 bg-white px-3 text-base font-medium text-gray-800 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-bdblue-600 dark:border-gray-700 dark:bg-gray-950 dark:text-gray-100 dark:hover:bg-gray-800 dark:focus-visible:outline-bdblue-300"
            >
              <FilePlus2 aria-hidden="true" className="size-5" />
              New page
            </a>
          ) : null}
        </div>
      </div>
    </div>
  );
}
