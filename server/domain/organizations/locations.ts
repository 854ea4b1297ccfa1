import { and, eq, getTableColumns, gte, isNull, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { ReadDatabase } from "../../db/client.ts";
import { organizations } from "../../db/schema/index.ts";
import { ValidationError } from "../core/errors.ts";
import { likePattern, oneLine } from "../core/fields.ts";
import { organizationEntity, type Organization } from "./entity.ts";
import type { ProductId } from "../../../shared/product-line.ts";
import { product } from "../core/product.ts";
import { country as countryCode, countryName, organizationKind } from "./fields.ts";
import { loadCities, type Cities } from "./cities.ts";
import { organizationPoint, placeChoice, readPlace, usStateCode, type Place, type PlaceChoice } from "./places.ts";
import { milesBetween, type Point } from "./zip-centroids.ts";

/** The distances a "near" search may reach, in miles. */
export const locationRadii = [10, 25, 50, 100, 250, 500] as const;
export const defaultRadius = 100;
/** Listings per page. */
export const locationsPerPage = 20;

/** One organization as the public locations page shows it: nothing its admins keep to themselves. */
export type Location = {
  id: string;
  name: string;
  kind: Organization["kind"];
  street: string;
  city: string;
  region: string;
  postalCode: string;
  country: string;
  phone: string | null;
  website: string | null;
  products: ProductId[];
  /** Certified (and not past its date), in training, or neither. */
  certification: "certified" | "in_training" | null;
  certifiedUntil: string | null;
  /** From the search's origin, when it has one and this listing's place is known (a US ZIP code, or its city). */
  distanceMiles: number | null;
};

export type LocationSearch = {
  /** Where distances are measured from: a ZIP code's centre, a city's, or the visitor's own location. */
  origin: { label: string; latitude: number; longitude: number } | null;
  /** The place typed, as understood ("Wisconsin", "Canada", "lakeshore"), when there is no origin. */
  place: string | null;
  /** A city typed, in full, as the search understood it: "Madison, Wisconsin, United States". */
  near: string | null;
  /**
   * Other places of the name typed alone, after the most populous one the search used; or,
   * when the name typed is part of a listing's name and was searched as such, the places of that name.
   */
  otherPlaces: PlaceChoice[];
  /** What was typed, when it is no place the search knows and no listed organization's name. */
  unknownPlace: string | null;
  /** For an unknown place: places whose names start alike. */
  suggestions: PlaceChoice[];
  withinMiles: number | null;
  total: number;
  page: number;
  pageCount: number;
  items: Location[];
  /** A near search that found nothing within its distance: the closest listings, however far. */
  nearest: Location[];
  /** Listings per US state, under the product and kind chosen (not the place): the tile map. */
  states: { code: string; count: number }[];
  /** Listings per country outside the US, under the same filters. */
  countries: { code: string; name: string; count: number }[];
};

const coordinate = (name: string, limit: number) =>
  z
    .number({ error: `Give the ${name} as a number.` })
    .min(-limit, `A ${name} is between -${limit} and ${limit}.`)
    .max(limit, `A ${name} is between -${limit} and ${limit}.`)
    .optional();

export const findLocationsInput = z
  .object({
    place: oneLine("the place")
      .trim()
      .max(100, "Type at most 100 characters: a city, a state or a ZIP code.")
      .optional()
      .transform((value) => value || undefined)
      .describe("A city, a state or province, a country, a ZIP code, or part of a name."),
    country: countryCode.optional().describe("Only this country (ISO 3166-1 alpha-2), as the country links ask."),
    latitude: coordinate("latitude", 90).describe("With longitude: the visitor's own location, for distances."),
    longitude: coordinate("longitude", 180),
    withinMiles: z
      .number({ error: "Choose a distance from the list." })
      .int("Choose a distance from the list.")
      .refine((miles) => (locationRadii as readonly number[]).includes(miles), "Choose a distance from the list.")
      .optional()
      .describe(
        `With a ZIP code or a location: how far to look (${locationRadii.join(", ")}; ${defaultRadius} unless given).`,
      ),
    product: product.optional(),
    kind: organizationKind.optional(),
    certifiedOnly: z.boolean().default(false).describe("Only organizations with certified operators."),
    page: z
      .number({ error: "Give a page number." })
      .int("Give a whole page number.")
      .min(1, "Pages start at 1.")
      .max(1000, "Give a page number up to 1,000.")
      .default(1),
  })
  .superRefine((input, context) => {
    if ((input.latitude === undefined) !== (input.longitude === undefined)) {
      context.addIssue({ code: "custom", path: ["latitude"], message: "Give both a latitude and a longitude." });
    }
  });

function shown(row: Organization, today: string, origin: Point | null, cities: Cities | null): Location {
  const certified =
    row.certificationStatus === "certified" && (row.certifiedUntil === null || row.certifiedUntil >= today);
  const at = origin ? organizationPoint(row, cities) : null;
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    street: row.street,
    city: row.city,
    region: row.region,
    postalCode: row.postalCode,
    country: row.country,
    phone: row.phone,
    website: row.website,
    products: row.products
      .filter((item) => item.units > 0)
      .map((item) => item.product)
      .sort(),
    certification: certified ? "certified" : row.certificationStatus === "in_training" ? "in_training" : null,
    certifiedUntil: certified ? row.certifiedUntil : null,
    distanceMiles: origin && at ? Math.round(milesBetween(origin, at) * 10) / 10 : null,
  };
}

function placeCondition(place: Place): SQL | undefined {
  switch (place.kind) {
    case "region":
      return or(
        ...place.codes.map((code) => sql`upper(${organizations.region}) = ${code}`),
        ...place.names.map((name) => sql`lower(${organizations.region}) = ${name.toLowerCase()}`),
      );
    case "country":
      return eq(organizations.country, place.code);
    case "text": {
      const pattern = likePattern(place.text);
      return or(
        sql`lower(${organizations.city}) like ${pattern}`,
        sql`lower(${organizations.name}) like ${pattern}`,
        sql`lower(${organizations.postalCode}) like ${`${place.text.replace(/[\\%_]/g, "\\$&")}%`}`,
      );
    }
    case "zip":
    case "city":
      return undefined;
  }
}

/**
 * The public locations page: organizations whose listing is on, found by place (a city,
 * a state, a country, a ZIP code) or by distance from a ZIP code or the visitor's location,
 * by product, kind and certification. Distances are worked out here, from ZIP code centres.
 */
export const findLocations = organizationEntity.publicRead({
  operation: "findListed",
  doing: "find listed organizations",
  input: findLocationsInput,
  run: async (scope, input): Promise<LocationSearch> => {
    const today = scope.now.toISOString().slice(0, 10);
    const read = input.place ? await readPlace(input.place) : null;
    if (read?.kind === "unknownZip") {
      throw new ValidationError({
        place: `We could not find ZIP code ${read.zip}. Check it, or type a city or a state.`,
      });
    }
    let place: Place | null = read;
    let placesOffered: PlaceChoice[] = [];
    if (place?.kind === "city" && place.alone) {
      // A listing's name wins over a namesake town ("Lakeshore"); the town is offered instead.
      const text = (input.place ?? "").replace(/\s+/g, " ").toLowerCase();
      const named = await scope.select(
        { id: organizations.id },
        eq(organizations.publicListing, true),
        sql`lower(${organizations.name}) like ${likePattern(text)}`,
      );
      if (named.length > 0) {
        placesOffered = [placeChoice(place), ...place.others];
        place = { kind: "text", text, suggestions: [] };
      }
    }
    // A typed place is the newer search: the visitor's location (kept in the form) gives way to it.
    const origin = place
      ? place.kind === "zip"
        ? { label: `ZIP code ${place.zip}`, ...place.point }
        : place.kind === "city"
          ? { label: place.label, ...place.point }
          : null
      : input.latitude !== undefined && input.longitude !== undefined
        ? { label: "your location", latitude: input.latitude, longitude: input.longitude }
        : null;
    // Listings outside the US are measured from their city's centre.
    const cities = origin ? await loadCities() : null;
    const filters = [
      eq(organizations.publicListing, true),
      input.kind ? eq(organizations.kind, input.kind) : undefined,
      input.product
        ? sql`${organizations.products} @> ${JSON.stringify([{ product: input.product }])}::jsonb`
        : undefined,
      input.certifiedOnly
        ? and(
            eq(organizations.certificationStatus, "certified"),
            or(isNull(organizations.certifiedUntil), gte(organizations.certifiedUntil, today)),
          )
        : undefined,
    ];
    const listed = (...conditions: (SQL | undefined)[]): Promise<Organization[]> =>
      scope.select(getTableColumns(organizations), ...filters, ...conditions);
    const rows = await listed();

    const states = new Map<string, number>();
    const countries = new Map<string, number>();
    for (const row of rows) {
      const state = row.country === "US" ? usStateCode(row.region) : null;
      if (state) states.set(state, (states.get(state) ?? 0) + 1);
      else if (row.country !== "US") countries.set(row.country, (countries.get(row.country) ?? 0) + 1);
    }

    const condition = and(
      !origin && place ? placeCondition(place) : undefined,
      input.country ? eq(organizations.country, input.country) : undefined,
    );
    const matching = condition ? await listed(condition) : rows;

    const withinMiles = origin ? (input.withinMiles ?? defaultRadius) : null;
    let found = matching.map((row) => shown(row, today, origin, cities));
    let nearest: Location[] = [];
    if (origin) {
      const measured = found.filter((item) => item.distanceMiles !== null);
      measured.sort((a, b) => (a.distanceMiles ?? 0) - (b.distanceMiles ?? 0) || a.name.localeCompare(b.name));
      found = measured.filter((item) => (item.distanceMiles ?? Infinity) <= (withinMiles ?? Infinity));
      if (found.length === 0) nearest = measured.slice(0, 3);
    } else {
      // The United States first, then other countries by name; inside each, by state, city and name.
      const key = (item: Location) =>
        [item.country === "US" ? "" : countryName(item.country), item.region, item.city, item.name].map((part) =>
          part.toLowerCase(),
        );
      found.sort((a, b) => {
        const [left, right] = [key(a), key(b)];
        for (let index = 0; index < left.length; index += 1) {
          const order = (left[index] ?? "").localeCompare(right[index] ?? "", "en");
          if (order !== 0) return order;
        }
        return 0;
      });
    }
    const pageCount = Math.max(1, Math.ceil(found.length / locationsPerPage));
    const page = Math.min(input.page, pageCount);
    // Text that finds nothing is no place and no listed name, whatever the filters: say so, and offer places.
    const unknown =
      place?.kind === "text" &&
      found.length === 0 &&
      (await scope.select({ id: organizations.id }, eq(organizations.publicListing, true), condition)).length === 0
        ? place
        : null;
    const understood = (): string | null => {
      if (origin || !place) return input.country ? countryName(input.country) : null;
      if (place.kind === "text") return place.text;
      return place.kind === "region" || place.kind === "country" ? place.label : null;
    };
    return {
      origin,
      place: understood(),
      near: place?.kind === "city" ? place.fullLabel : null,
      otherPlaces: place?.kind === "city" ? place.others : placesOffered,
      unknownPlace: unknown ? (input.place ?? null) : null,
      suggestions: unknown ? unknown.suggestions : [],
      withinMiles,
      total: found.length,
      page,
      pageCount,
      items: found.slice((page - 1) * locationsPerPage, page * locationsPerPage),
      nearest,
      states: [...states].map(([code, count]) => ({ code, count })).sort((a, b) => a.code.localeCompare(b.code)),
      countries: [...countries]
        .map(([code, count]) => ({ code, name: countryName(code), count }))
        .sort((a, b) => a.name.localeCompare(b.name, "en")),
    };
  },
});

/**
 * What the public locations page shows changes only with this: the listed organizations'
 * keys and versions (every change to a row adds one to its version), and the day (a
 * certification runs out at a day's end). Read by each server process every second
 * (ADR 029); one small aggregate over the listed rows' index.
 */
export async function listingsStamp(db: ReadDatabase, now: Date): Promise<string> {
  const [row] = await db
    .select({
      stamp: sql<string>`md5(coalesce(string_agg(${organizations.id}::text || ':' || ${organizations.version}::text, ',' order by ${organizations.id}), ''))`,
    })
    .from(organizations)
    .where(eq(organizations.publicListing, true));
  return `${row?.stamp ?? ""}:${now.toISOString().slice(0, 10)}`;
}
