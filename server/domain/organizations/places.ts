import { canadianProvinces, usStates } from "../../../app/lib/us-states.ts";
import { countryCodes } from "../../../app/lib/countries.ts";
import { countryName } from "./fields.ts";
import { zipCentroid, type Point } from "./zip-centroids.ts";

/** What a visitor typed in the locations search, as the server understands it. */
export type Place =
  | { kind: "zip"; zip: string; point: Point }
  | { kind: "region"; codes: string[]; names: string[]; label: string }
  | { kind: "country"; code: string; label: string }
  | { kind: "text"; text: string };

const regions = [...usStates, ...canadianProvinces];
const countryAliases: Record<string, string> = {
  usa: "US",
  "u.s.": "US",
  "u.s.a.": "US",
  "united states of america": "US",
  america: "US",
  uk: "GB",
  "great britain": "GB",
  britain: "GB",
  england: "GB",
  scotland: "GB",
  wales: "GB",
  "northern ireland": "GB",
};

let countriesByName: Map<string, string> | undefined;
function countryByName(text: string): string | null {
  countriesByName ??= new Map(countryCodes.map((code) => [countryName(code).toLowerCase(), code]));
  return countriesByName.get(text) ?? countryAliases[text] ?? null;
}

/**
 * A place as typed: a ZIP code (its centre, for distances), a state or province (its
 * postal code or its name), a country, or any other text (a city, a name, a postcode).
 * A ZIP code the Census does not map is a mistake the visitor can fix: `unknownZip`.
 */
export function readPlace(typed: string): Place | { kind: "unknownZip"; zip: string } {
  const text = typed.trim().replace(/\s+/g, " ");
  if (/^\d{5}(-\d{4})?$/.test(text)) {
    const zip = text.slice(0, 5);
    const point = zipCentroid(zip);
    return point ? { kind: "zip", zip, point } : { kind: "unknownZip", zip };
  }
  const lower = text.toLowerCase().replace(/[.,]+$/, "");
  const region = regions.find(
    (candidate) => candidate.code.toLowerCase() === lower || candidate.name.toLowerCase() === lower,
  );
  if (region) return { kind: "region", codes: [region.code], names: [region.name], label: region.name };
  const country = countryByName(lower);
  if (country) return { kind: "country", code: country, label: countryName(country) };
  return { kind: "text", text: lower };
}

/** A US state's postal code from what an organization's region holds: its code or its name. */
export function usStateCode(region: string): string | null {
  const text = region.trim().toLowerCase();
  return usStates.find((state) => state.code.toLowerCase() === text || state.name.toLowerCase() === text)?.code ?? null;
}
