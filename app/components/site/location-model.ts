/** What the locations finder shows and is asked: shared by the finder and the browse-by-place links. */

import { productLabelsBy, type ProductId } from "../../../shared/product-line.ts";
import { withParams } from "../../lib/list-params.ts";

export type Kind = "clinic" | "hospital" | "distributor" | "research_site";

export type FinderLocation = {
  id: string;
  name: string;
  kind: Kind;
  street: string;
  city: string;
  region: string;
  postalCode: string;
  country: string;
  countryName: string;
  phone: string | null;
  website: string | null;
  products: readonly ProductId[];
  certification: "certified" | "in_training" | null;
  certifiedUntil: string | null;
  distanceMiles: number | null;
};

/** A place offered as a link: its name in full, and what the search box takes for it. */
export type PlaceChoice = { label: string; place: string };

export type FinderResults = {
  origin: { label: string; latitude: number; longitude: number } | null;
  place: string | null;
  near: string | null;
  otherPlaces: readonly PlaceChoice[];
  unknownPlace: string | null;
  suggestions: readonly PlaceChoice[];
  withinMiles: number | null;
  total: number;
  page: number;
  pageCount: number;
  items: readonly FinderLocation[];
  nearest: readonly FinderLocation[];
  states: readonly { code: string; count: number }[];
  countries: readonly { code: string; name: string; count: number }[];
};

/** Densara's own office or distributor nearest to the search's origin (from the page's content). */
export type DensaraNearest = { name: string; kind: string; place: string; distanceMiles: number; sectionId: string };

/** What the visitor asked for, as the form shows it again. */
export type FinderQuery = {
  place: string;
  latitude: string;
  longitude: string;
  within: string;
  product: string;
  kind: string;
  certified: boolean;
};

export const kindLabels: Record<Kind, string> = {
  clinic: "Clinic",
  hospital: "Hospital",
  distributor: "Distributor",
  research_site: "Research site",
};
export const productLabels = productLabelsBy((product) => product.name);
export const radiusLabels = {
  "10": "10 miles",
  "25": "25 miles",
  "50": "50 miles",
  "100": "100 miles",
  "250": "250 miles",
  "500": "500 miles",
};

export const linkClasses = "font-semibold text-bdblue-700 underline underline-offset-2 dark:text-bdblue-300";

/** The finder's address for one place (a state, a province, a city), keeping the visitor's other filters. */
export function placeHref(search: string, place: string): string {
  return `/locations${withParams(search, { place, country: null, lat: null, lng: null, page: null })}#results`;
}
