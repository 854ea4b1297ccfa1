import { canadianProvinces, usStates } from "../../../shared/places/us-states.ts";
import { linkClasses, placeHref, type DensaraNearest, type FinderResults, type PlaceChoice } from "./location-model.ts";
import { withParams } from "../../lib/list-params.ts";
import { buttonClasses } from "../ui/button.tsx";
import { LocationCard, miles } from "./location-card.tsx";

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

/** The finder's answer: the count, the places it read, the listings nearest first and Densara's own nearest. */
export function Results({
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
