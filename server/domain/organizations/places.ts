import { canadianProvinces, usStates } from "../../../shared/places/us-states.ts";
import { countryCodes } from "../../../shared/places/countries.ts";
import { loadCities, placeKey, type Cities, type City } from "./cities.ts";
import { countryName } from "./fields.ts";
import { zipCentroid, type Point } from "./zip-centroids.ts";

/** A place offered as a link: its name in full, and what the search box takes for it. */
export type PlaceChoice = { label: string; place: string };

/** What a visitor typed in the locations search, as the server understands it. */
export type Place =
  | { kind: "zip"; zip: string; point: Point }
  | { kind: "unknownZip"; zip: string }
  | { kind: "region"; codes: string[]; names: string[]; label: string }
  | { kind: "country"; code: string; label: string }
  /**
   * A city or town: `label` as a heading says it ("Toronto, Ontario"), `fullLabel` with its
   * country; `others`: the next most populous places of the same name, when the name alone
   * was typed and it is not the only one. `alone`: typed without a state, province or country.
   */
  | { kind: "city"; point: Point; label: string; fullLabel: string; others: PlaceChoice[]; alone: boolean }
  /**
   * Not a place the search knows: searched in the listings' names, cities and postcodes;
   * `suggestions` are places whose names start alike, for when that finds nothing.
   */
  | { kind: "text"; text: string; suggestions: PlaceChoice[] };

const regions = [
  ...usStates.map((state) => ({ ...state, country: "US" })),
  ...canadianProvinces.map((province) => ({ ...province, country: "CA" })),
];
const countryAliases: Record<string, string> = {
  usa: "US",
  us: "US",
  "u s": "US",
  "u s a": "US",
  "united states of america": "US",
  america: "US",
  uk: "GB",
  "u k": "GB",
  "great britain": "GB",
  britain: "GB",
  england: "GB",
  scotland: "GB",
  wales: "GB",
  "northern ireland": "GB",
};

let countriesByName: Map<string, string> | undefined;
/** A country by its English name or a common short name ("UK", "USA"). */
function countryByName(text: string): string | null {
  countriesByName ??= new Map(countryCodes.map((code) => [placeKey(countryName(code)), code]));
  const key = placeKey(text);
  return countriesByName.get(key) ?? countryAliases[key] ?? null;
}

/** A US state or Canadian province by its postal code or its name. */
function regionNamed(text: string) {
  const key = placeKey(text);
  return regions.find((region) => region.code.toLowerCase() === key || placeKey(region.name) === key) ?? null;
}

/** A region's name for people: a US state's or a province's; elsewhere the country's regions go unnamed. */
function regionName(country: string, code: string): string | null {
  return regions.find((region) => region.country === country && region.code === code)?.name ?? null;
}

function labels(city: City): { label: string; fullLabel: string; place: string } {
  const region = regionName(city.country, city.region);
  const country = countryName(city.country);
  return region
    ? {
        label: `${city.name}, ${region}`,
        fullLabel: `${city.name}, ${region}, ${country}`,
        place: `${city.name}, ${city.region}`,
      }
    : { label: `${city.name}, ${country}`, fullLabel: `${city.name}, ${country}`, place: `${city.name}, ${country}` };
}

const choice = (city: City): PlaceChoice => ({ label: labels(city).fullLabel, place: labels(city).place });

/** What "Madison, WI" or "Toronto, Canada" narrows the city to: a state or province, a country, or both. */
type Qualifier = { country: string; region?: string };

/** The readings of a qualifier: "CA" is California, and Canada too. */
function qualifiers(text: string): Qualifier[] {
  const found: Qualifier[] = [];
  const region = regionNamed(text);
  if (region) found.push({ country: region.country, region: region.code });
  const country = countryByName(text) ?? (/^[a-z]{2}$/i.test(text.trim()) ? text.trim().toUpperCase() : null);
  if (country && countryCodes.includes(country)) found.push({ country });
  return found;
}

/**
 * The most populous city of that name inside every qualifier given, or null. With one
 * qualifier its readings are tried in turn, a state before a country: "Salem, IN" is in
 * Indiana, not India.
 */
function cityWithin(cities: Cities, name: string, given: Qualifier[][]): City | null {
  const named = cities.named(name);
  const inside = (city: City, reading: Qualifier) =>
    reading.country === city.country && (!reading.region || reading.region === city.region);
  if (given.length === 1) {
    for (const reading of given[0] ?? []) {
      const city = named.find((candidate) => inside(candidate, reading));
      if (city) return city;
    }
    return null;
  }
  return named.find((city) => given.every((readings) => readings.some((reading) => inside(city, reading)))) ?? null;
}

function cityPlace(city: City, others: City[], alone: boolean): Place {
  const { label, fullLabel } = labels(city);
  return { kind: "city", point: city.point, label, fullLabel, others: others.slice(0, 4).map(choice), alone };
}

/** A city's own choice, for offering it as a link. */
export function placeChoice(place: Extract<Place, { kind: "city" }>): PlaceChoice {
  return { label: place.fullLabel, place: place.fullLabel };
}

/** "Madison, WI", "Madison Wisconsin", "Toronto, ON, Canada", "Kansas City MO": a city and what narrows it. */
function qualifiedCity(cities: Cities, text: string): City | null {
  const parts = text
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  if (parts.length > 1) {
    const [name = "", ...rest] = parts;
    const given = rest.map(qualifiers);
    return given.every((readings) => readings.length > 0) ? cityWithin(cities, name, given) : null;
  }
  // Without a comma: the last one, two or three words may be the state or country.
  const words = text.split(" ");
  for (let count = 1; count <= Math.min(3, words.length - 1); count += 1) {
    const readings = qualifiers(words.slice(-count).join(" "));
    if (readings.length === 0) continue;
    const city = cityWithin(cities, words.slice(0, -count).join(" "), [readings]);
    if (city) return city;
  }
  return null;
}

/** Places whose names start as the one typed does, for a place the search does not know. */
function suggestionsFor(cities: Cities, text: string): PlaceChoice[] {
  const name = text.split(",")[0] ?? "";
  const key = placeKey(name);
  for (let length = Math.min(key.length, 6); length >= 3; length -= 1) {
    const found = cities.startingWith(key.slice(0, length), 5);
    if (found.length > 0) return found.map(choice);
  }
  return [];
}

/**
 * A place as typed: a ZIP code (its centre, for distances), a state or province (its
 * postal code or its name), a country, a city with its state, province or country
 * ("Madison, WI", "Toronto, Canada"), a city alone (the most populous of that name, with
 * the others offered), or any other text (a name, a postcode), with suggestions.
 * A ZIP code the Census does not map is a mistake the visitor can fix: `unknownZip`.
 * The cities are read on the first call that needs them (`loadCities`).
 */
export async function readPlace(typed: string, cities: () => Promise<Cities> = loadCities): Promise<Place> {
  const text = typed.trim().replace(/\s+/g, " ");
  if (/^\d{5}(-\d{4})?$/.test(text)) {
    const zip = text.slice(0, 5);
    const point = zipCentroid(zip);
    return point ? { kind: "zip", zip, point } : { kind: "unknownZip", zip };
  }
  const bare = text.replace(/[.,]+$/, "");
  const region = regionNamed(bare);
  if (region) {
    return { kind: "region", codes: [region.code], names: [region.name], label: region.name };
  }
  const country = countryByName(bare);
  if (country) return { kind: "country", code: country, label: countryName(country) };
  const table = await cities();
  const named = table.named(bare);
  const [first] = named;
  if (first && !bare.includes(",")) {
    // A name alone: the most populous place of that name; the next few, once each.
    const seen = new Set([labels(first).fullLabel]);
    const others = named.filter((city) => {
      const label = labels(city).fullLabel;
      if (seen.has(label)) return false;
      seen.add(label);
      return true;
    });
    return cityPlace(first, others, true);
  }
  const qualified = qualifiedCity(table, bare);
  if (qualified) return cityPlace(qualified, [], false);
  return { kind: "text", text: text.toLowerCase(), suggestions: suggestionsFor(table, bare) };
}

/** A US state's postal code from what an organization's region holds: its code or its name. */
export function usStateCode(region: string): string | null {
  const text = region.trim().toLowerCase();
  return usStates.find((state) => state.code.toLowerCase() === text || state.name.toLowerCase() === text)?.code ?? null;
}

/**
 * Where an organization is, for distances: a US ZIP code's centre, else its city's (in its
 * country, and in its state or province when the row names one). Null when neither is known.
 */
export function organizationPoint(
  row: { city: string; region: string; postalCode: string; country: string },
  cities: Cities | null,
): Point | null {
  if (row.country === "US") {
    const point = zipCentroid(row.postalCode);
    if (point) return point;
  }
  if (!cities || !row.city.trim()) return null;
  const inCountry = cities.named(row.city).filter((city) => city.country === row.country);
  const region = regionNamed(row.region);
  const inRegion = region ? inCountry.filter((city) => city.region === region.code) : [];
  return (inRegion[0] ?? inCountry[0])?.point ?? null;
}
