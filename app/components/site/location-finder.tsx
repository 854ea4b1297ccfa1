import { BadgeCheck, ExternalLink, GraduationCap, LocateFixed, MapPin, Phone, Search } from "lucide-react";
import { canadianProvinces, usStates } from "../../../shared/places/us-states.ts";
import { BrowseByPlace } from "./location-browse.tsx";
import {
  kindLabels,
  linkClasses,
  productLabels,
  radiusLabels,
  type DensaraNearest,
  type FinderLocation,
  type FinderQuery,
  type FinderResults,
  type PlaceChoice,
} from "./location-model.ts";
import { withParams } from "../../lib/list-params.ts";
import { buttonClasses } from "../ui/button.tsx";
import { cn } from "../ui/cn.ts";

const controlClasses =
  "min-h-12 w-full rounded-lg border border-gray-400 bg-white px-3 text-base text-gray-950 dark:border-gray-500 dark:bg-gray-950 dark:text-white";
const labelClasses = "text-base font-semibold text-gray-900 dark:text-gray-100";

function miles(value: number): string {
  const rounded = value < 10 ? value.toFixed(1) : String(Math.round(value));
  return `${rounded} ${rounded === "1.0" ? "mile" : "miles"} (${Math.round(value * 1.609344)} km)`;
}

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

function count(total: number): string {
  return `${total} ${total === 1 ? "location" : "locations"}`;
}

function heading(results: FinderResults): string {
  if (results.unknownPlace !== null) return `We could not find “${results.unknownPlace}”`;
  if (results.origin) {
    const where = `within ${results.withinMiles ?? 100} miles of ${results.origin.label}`;
    return results.total === 0 ? `Nothing ${where}` : `${count(results.total)} ${where}`;
  }
  if (results.place) {
    const named =
      usStates.some((state) => state.name === results.place) ||
      canadianProvinces.some((province) => province.name === results.place) ||
      results.countries.some((country) => country.name === results.place) ||
      results.place === "United States";
    const where = named ? `in ${results.place}` : `matching “${results.place}”`;
    return results.total === 0 ? `No locations ${where}` : `${count(results.total)} ${where}`;
  }
  return results.total === 0 ? "No locations to show" : `${count(results.total)} listed`;
}

const placeHref = (search: string, place: string) =>
  `/locations${withParams(search, { place, country: null, lat: null, lng: null, page: null })}#results`;

/** Places as a run of links: the other places of a name, or the suggestions for an unknown one. */
function PlaceLinks({ places, search, label }: { places: readonly PlaceChoice[]; search: string; label: string }) {
  return (
    <ul aria-label={label} className="flex flex-wrap gap-x-5 gap-y-2 text-base">
      {places.map((choice) => (
        <li key={choice.place}>
          <a href={placeHref(search, choice.place)} className={linkClasses}>
            {choice.label}
          </a>
        </li>
      ))}
    </ul>
  );
}

const mutedClasses = "text-base text-gray-700 dark:text-gray-300";

/** A place the search does not know: what it can read instead, and places spelt alike. Never an empty page. */
function UnknownPlace({ results, search }: { results: FinderResults; search: string }) {
  return (
    <>
      <p className={mutedClasses}>
        It is not a place we know, nor part of a listed organization’s name. Type a city with its state or country
        (Madison, WI or Toronto, Canada), a city alone (Chicago), a ZIP code, or a country; or browse by state and
        country.
      </p>
      {results.suggestions.length > 0 ? (
        <div className="grid gap-2">
          <p className="text-base font-semibold text-gray-900 dark:text-gray-100">Did you mean</p>
          <PlaceLinks places={results.suggestions} search={search} label="Places with a similar name" />
        </div>
      ) : null}
    </>
  );
}

/** Densara's own nearest office or distributor, below the listings, with its distance. */
function DensaraCard({ densara }: { densara: DensaraNearest }) {
  return (
    <section
      aria-labelledby="densara-nearest-title"
      className="grid gap-2 rounded-2xl border border-bdblue-200 bg-bdblue-50 p-5 dark:border-bdblue-800 dark:bg-bdblue-950"
    >
      <h4 id="densara-nearest-title" className="text-base font-semibold text-gray-950 dark:text-white">
        Densara’s nearest office or distributor
      </h4>
      <p className="text-base text-gray-900 dark:text-gray-100">
        <a href={`#${densara.sectionId}`} className={linkClasses}>
          {densara.name}
        </a>{" "}
        ({densara.kind}), {densara.place}: {miles(densara.distanceMiles)} away
      </p>
    </section>
  );
}

function Results({
  results,
  densara,
  typed,
  search,
}: {
  results: FinderResults;
  densara: DensaraNearest | null;
  /** What the visitor typed in the place field. */
  typed: string;
  search: string;
}) {
  const pageHref = (page: number) =>
    `/locations${withParams(search, { page: page === 1 ? null : String(page) })}#results`;
  const name = typed.trim().split(",")[0] ?? typed;
  return (
    <>
      <div className="grid gap-2">
        <h3 className="text-xl font-bold text-gray-950 dark:text-white" data-results-heading="">
          {heading(results)}
        </h3>
        {results.near ? (
          <p className={mutedClasses} data-results-near="">
            {`Showing results near ${results.near}.`}
          </p>
        ) : null}
        {results.pageCount > 1 ? (
          <p className={mutedClasses}>
            Page {results.page} of {results.pageCount}
          </p>
        ) : null}
        {/* Filled by the page's script after it loads, so a screen reader says what was found. */}
        <p role="status" className="sr-only" data-results-status="" />
      </div>
      {results.otherPlaces.length > 0 ? (
        <div className="grid gap-2">
          <p className={mutedClasses}>
            {results.near ? `Other places called ${name}:` : `Looking for the place called ${name}? Search near:`}
          </p>
          <PlaceLinks
            places={results.otherPlaces}
            search={search}
            label={results.near ? `Other places called ${name}` : `Places called ${name}`}
          />
        </div>
      ) : null}
      {results.unknownPlace !== null ? (
        <UnknownPlace results={results} search={search} />
      ) : results.items.length > 0 ? (
        <ul className="grid gap-4 xl:grid-cols-2" aria-label="Locations">
          {results.items.map((location) => (
            <LocationCard key={location.id} location={location} />
          ))}
        </ul>
      ) : results.nearest.length > 0 ? (
        <>
          <p className={mutedClasses}>The nearest listed locations, further away:</p>
          <ul className="grid gap-4 xl:grid-cols-2" aria-label="Nearest locations">
            {results.nearest.map((location) => (
              <LocationCard key={location.id} location={location} />
            ))}
          </ul>
        </>
      ) : (
        <p className={mutedClasses}>
          Try fewer filters or a wider search, or{" "}
          <a href="/about/contact" className={linkClasses}>
            ask us
          </a>
          : we will find the nearest Densara system for you.
        </p>
      )}
      {densara ? <DensaraCard densara={densara} /> : null}
      {results.pageCount > 1 ? (
        <nav aria-label="Pages of locations" className="flex flex-wrap items-center gap-3">
          {results.page > 1 ? (
            <a href={pageHref(results.page - 1)} className={buttonClasses("secondary", "md")}>
              Previous page
            </a>
          ) : null}
          {results.page < results.pageCount ? (
            <a href={pageHref(results.page + 1)} className={buttonClasses("secondary", "md")}>
              Next page
            </a>
          ) : null}
        </nav>
      ) : null}
    </>
  );
}

function LocationCard({ location }: { location: FinderLocation }) {
  const cityLine = [location.city, [location.region, location.postalCode].filter(Boolean).join(" ")]
    .filter(Boolean)
    .join(", ");
  return (
    <li className="grid content-start gap-3 rounded-2xl border border-gray-200 bg-white p-5 dark:border-gray-800 dark:bg-gray-950">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <p className="text-base font-semibold tracking-wide text-bdblue-700 uppercase dark:text-bdblue-300">
          {kindLabels[location.kind]}
        </p>
        {location.distanceMiles !== null ? (
          <p className="text-base font-medium text-gray-800 dark:text-gray-200">{`${miles(location.distanceMiles)} away`}</p>
        ) : null}
      </div>
      <h4 className="text-lg font-semibold text-gray-950 dark:text-white">{location.name}</h4>
      {location.certification === "certified" ? (
        <p className="flex items-center gap-2 text-base font-medium text-green-800 dark:text-green-300">
          <BadgeCheck aria-hidden="true" className="size-5 shrink-0" />
          Certified operators
        </p>
      ) : location.certification === "in_training" ? (
        <p className="flex items-center gap-2 text-base font-medium text-gray-800 dark:text-gray-200">
          <GraduationCap aria-hidden="true" className="size-5 shrink-0" />
          Operators in training
        </p>
      ) : null}
      <address className="flex gap-2 text-base leading-7 text-gray-800 not-italic dark:text-gray-200">
        <MapPin aria-hidden="true" className="mt-1.5 size-4 shrink-0" />
        <span>
          {location.street ? <span className="block">{location.street}</span> : null}
          <span className="block">{cityLine}</span>
          <span className="block">{location.countryName}</span>
        </span>
      </address>
      {location.phone || location.website ? (
        <ul className="grid gap-1 text-base">
          {location.phone ? (
            <li className="flex items-center gap-2">
              <Phone aria-hidden="true" className="size-4 shrink-0 text-gray-600 dark:text-gray-400" />
              <a
                className={cn(linkClasses, "whitespace-nowrap")}
                href={`tel:${location.phone.replace(/[^+0-9]/g, "")}`}
              >
                {location.phone}
              </a>
            </li>
          ) : null}
          {location.website ? (
            <li className="flex items-center gap-2">
              <ExternalLink aria-hidden="true" className="size-4 shrink-0 text-gray-600 dark:text-gray-400" />
              <a className={cn(linkClasses, "break-all")} href={location.website} rel="noopener nofollow">
                {location.website.replace(/^https:\/\//, "").replace(/\/$/, "")}
              </a>
            </li>
          ) : null}
        </ul>
      ) : null}
      {location.products.length > 0 ? (
        <p className="text-base text-gray-700 dark:text-gray-300">
          Runs {location.products.map((key) => productLabels[key]).join(" and ")}
        </p>
      ) : null}
    </li>
  );
}
