import { LocateFixed, Search } from "lucide-react";
import { BrowseByPlace } from "./location-browse.tsx";
import {
  kindLabels,
  linkClasses,
  productLabels,
  radiusLabels,
  type DensaraNearest,
  type FinderQuery,
  type FinderResults,
} from "./location-model.ts";
import { buttonClasses } from "../ui/button.tsx";
import { cn } from "../ui/cn.ts";
import { Results } from "./location-results.tsx";

const controlClasses =
  "min-h-12 w-full rounded-lg border border-gray-400 bg-white px-3 text-base text-gray-950 dark:border-gray-500 dark:bg-gray-950 dark:text-white";
const labelClasses = "text-base font-semibold text-gray-900 dark:text-gray-100";

/**
 * The locations finder: a plain GET form (it works without JavaScript; the page's
 * enhancement adds "Use my location"), a tile map of the states with listings, and the
 * results, each with a static address block.
 */
export function LocationFinder({
  query,
  results,
  densara,
  placeError,
  search,
}: {
  query: FinderQuery;
  results: FinderResults | null;
  densara: DensaraNearest | null;
  placeError: string | undefined;
  /** The page's query string, for links that change one thing. */
  search: string;
}) {
  const placeErrorId = "finder-place-error";
  const placeHintId = "finder-place-hint";
  return (
    <div className="grid gap-10">
      <form
        method="get"
        action="/locations#results"
        role="search"
        aria-label="Find a location"
        data-location-finder=""
        className="grid gap-4 rounded-2xl bg-white p-5 ring-1 ring-gray-200 sm:p-6 dark:bg-gray-950 dark:ring-gray-800"
      >
        <div className="grid gap-4 md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
          <div className="grid gap-1.5">
            <label htmlFor="finder-place" className={labelClasses}>
              City, state or ZIP code
            </label>
            <input
              id="finder-place"
              name="place"
              type="search"
              autoComplete="postal-code"
              maxLength={100}
              defaultValue={query.place}
              aria-invalid={placeError ? true : undefined}
              aria-describedby={placeError ? `${placeErrorId} ${placeHintId}` : placeHintId}
              className={cn(controlClasses, placeError && "border-red-600 dark:border-red-400")}
            />
            <p id={placeHintId} className="text-base text-gray-700 dark:text-gray-300">
              Like Madison, WI · Toronto · Canada · 53703
            </p>
            {placeError ? (
              <p id={placeErrorId} className="text-base font-medium text-red-700 dark:text-red-300">
                {placeError}
              </p>
            ) : null}
          </div>
          <div className="grid gap-1.5">
            <label htmlFor="finder-within" className={labelClasses}>
              Within
            </label>
            <select
              id="finder-within"
              name="within"
              defaultValue={query.within || "100"}
              aria-describedby="finder-within-hint"
              className={controlClasses}
            >
              {Object.entries(radiusLabels).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
            <p id="finder-within-hint" className="text-base text-gray-700 dark:text-gray-300">
              Of a city, a ZIP code, or your location.
            </p>
          </div>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="grid gap-1.5">
            <label htmlFor="finder-product" className={labelClasses}>
              Product
            </label>
            <select id="finder-product" name="product" defaultValue={query.product} className={controlClasses}>
              <option value="">Any product</option>
              {Object.entries(productLabels).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </div>
          <div className="grid gap-1.5">
            <label htmlFor="finder-kind" className={labelClasses}>
              Type of organization
            </label>
            <select id="finder-kind" name="kind" defaultValue={query.kind} className={controlClasses}>
              <option value="">Any type</option>
              {Object.entries(kindLabels).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </div>
        </div>
        <label className="flex items-start gap-3 text-base text-gray-900 dark:text-gray-100">
          <input
            type="checkbox"
            name="certified"
            value="1"
            defaultChecked={query.certified}
            className="mt-1 size-5 shrink-0 accent-bdblue-600 dark:accent-bdblue-400"
          />
          Only organizations with certified operators
        </label>
        <input type="hidden" name="lat" value={query.latitude} data-finder-latitude="" />
        <input type="hidden" name="lng" value={query.longitude} data-finder-longitude="" />
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className={buttonClasses("primary", "lg")}>
            <Search aria-hidden="true" className="size-5" />
            Search
          </button>
          <button type="button" hidden data-locate="" className={buttonClasses("secondary", "lg")}>
            <LocateFixed aria-hidden="true" className="size-5" />
            Use my location
          </button>
          {search ? (
            <a href="/locations#find" className={linkClasses}>
              Clear the search
            </a>
          ) : null}
        </div>
        {/* Always in the page (empty until it speaks), so the first message is announced. */}
        <p data-locate-status="" role="status" className="text-base text-gray-700 dark:text-gray-300" />
      </form>

      <div className="grid gap-12 lg:grid-cols-[minmax(0,1fr)_minmax(0,24rem)] lg:items-start">
        <div id="results" tabIndex={-1} className="grid gap-6 focus:outline-none">
          {results ? (
            <Results results={results} densara={densara} typed={query.place} search={search} />
          ) : (
            <p className="text-lg text-gray-700 dark:text-gray-300">Fix the search above to see the locations.</p>
          )}
        </div>
        {results ? <BrowseByPlace results={results} search={search} /> : null}
      </div>
    </div>
  );
}
