import { tileGrid, usStates } from "../../../shared/places/us-states.ts";
import { withParams } from "../../lib/list-params.ts";
import { cn } from "../ui/cn.ts";
import { linkClasses, placeHref, type FinderResults } from "./location-model.ts";

function countryHref(search: string, country: string): string {
  return `/locations${withParams(search, { country, place: null, lat: null, lng: null, page: null })}#results`;
}

/** The states with listings, as a tile map for the eye and a list for everyone; other countries below. */
export function BrowseByPlace({ results, search }: { results: FinderResults; search: string }) {
  const counts = new Map(results.states.map((state) => [state.code, state.count]));
  const current = results.place?.toLowerCase() ?? null;
  const listedStates = usStates
    .filter((state) => counts.has(state.code))
    .sort((a, b) => a.name.localeCompare(b.name, "en"));
  const tile = 40;
  const gap = 4;
  return (
    <nav aria-labelledby="browse-title" className="grid gap-5 lg:sticky lg:top-24">
      <h3 id="browse-title" className="text-xl font-bold text-gray-950 dark:text-white">
        Browse by state
      </h3>
      <svg
        viewBox={`0 0 ${tileGrid.columns * (tile + gap)} ${tileGrid.rows * (tile + gap)}`}
        aria-hidden="true"
        className="hidden w-full sm:block sm:max-w-md"
        data-state-map=""
      >
        {usStates.map((state) => {
          const count = counts.get(state.code);
          const x = state.column * (tile + gap);
          const y = state.row * (tile + gap);
          const selected = current === state.name.toLowerCase();
          const shape = (
            <>
              <rect
                x={x}
                y={y}
                width={tile}
                height={tile}
                rx={6}
                className={cn(
                  count
                    ? selected
                      ? "fill-amber-400 dark:fill-amber-300"
                      : "fill-bdblue-600 group-hover:fill-bdblue-800 dark:fill-bdblue-400 dark:group-hover:fill-bdblue-200"
                    : "fill-gray-200 dark:fill-gray-800",
                )}
              />
              <text
                x={x + tile / 2}
                y={y + (count ? 18 : 25)}
                textAnchor="middle"
                className={cn(
                  "text-[15px] font-semibold",
                  count
                    ? selected
                      ? "fill-gray-950"
                      : "fill-white dark:fill-gray-950"
                    : "fill-gray-600 dark:fill-gray-400",
                )}
              >
                {state.code}
              </text>
              {count ? (
                <text
                  x={x + tile / 2}
                  y={y + 35}
                  textAnchor="middle"
                  className={cn("text-[13px]", selected ? "fill-gray-950" : "fill-white dark:fill-gray-950")}
                >
                  {count}
                </text>
              ) : null}
            </>
          );
          return count ? (
            <a key={state.code} href={placeHref(search, state.code)} tabIndex={-1} className="group">
              <title>{`${state.name}: ${count}`}</title>
              {shape}
            </a>
          ) : (
            <g key={state.code}>{shape}</g>
          );
        })}
      </svg>
      {listedStates.length > 0 ? (
        <ul className="grid grid-cols-2 gap-x-4 gap-y-1 text-base">
          {listedStates.map((state) => (
            <PlaceItem
              key={state.code}
              href={placeHref(search, state.code)}
              name={state.name}
              count={counts.get(state.code) ?? 0}
              current={current}
            />
          ))}
        </ul>
      ) : (
        <p className="text-base text-gray-700 dark:text-gray-300">No listings in the United States yet.</p>
      )}
      {results.countries.length > 0 ? (
        <div className="grid gap-2">
          <h4 className="text-lg font-semibold text-gray-950 dark:text-white">Outside the United States</h4>
          <ul className="grid gap-1 text-base">
            {results.countries.map((country) => (
              <PlaceItem
                key={country.code}
                href={countryHref(search, country.code)}
                name={country.name}
                count={country.count}
                current={current}
              />
            ))}
          </ul>
        </div>
      ) : null}
    </nav>
  );
}

/** A state or a country in the browse lists: its link (bold when it is the place searched) and its count. */
function PlaceItem({
  href,
  name,
  count,
  current,
}: {
  href: string;
  name: string;
  count: number;
  current: string | null;
}) {
  return (
    <li>
      <a
        href={href}
        aria-current={current === name.toLowerCase() ? "true" : undefined}
        className={cn(linkClasses, "aria-[current]:font-extrabold aria-[current]:no-underline")}
      >
        {name}
      </a>{" "}
      <span className="text-gray-700 dark:text-gray-300">({count})</span>
    </li>
  );
}
