import { data } from "react-router";
import { LocationFinder } from "../../components/site/location-finder.tsx";
import {
  kindLabels,
  productLabels,
  radiusLabels,
  type DensaraNearest,
  type FinderQuery,
} from "../../components/site/location-model.ts";
import { PageView } from "../../components/site/sections/page-view.tsx";
import type { RenderedPage } from "../../../content/render.ts";
import { tryQuery } from "../../lib/api.server.ts";
import { milesBetween, type Point } from "../../../shared/places/distance.ts";
import { getPage } from "../../lib/site/content.server.ts";
import { graphql } from "../../lib/graphql.ts";
import { enumParam, invalidParam } from "../../lib/list-params.ts";
import { notFound, type ErrorPayload } from "../../lib/route-error.ts";
import type { RouteHandle } from "../../lib/route-handle.ts";
import { publicOrigin } from "../../../shared/contracts/app-config.ts";
import { errorMeta, pageMeta } from "../../lib/seo.ts";
import { locationsJsonLd, structuredData } from "../../lib/site/structured-data.server.ts";
import type { Route } from "./+types/locations";

export const handle: RouteHandle = { hydrate: false, enhance: "locations" };

const FindLocations = graphql(`
  query FindLocations(
    $place: String
    $country: String
    $latitude: Float
    $longitude: Float
    $withinMiles: Int
    $product: Product
    $kind: OrganizationKind
    $certifiedOnly: Boolean
    $page: Int
  ) {
    locations(
      place: $place
      country: $country
      latitude: $latitude
      longitude: $longitude
      withinMiles: $withinMiles
      product: $product
      kind: $kind
      certifiedOnly: $certifiedOnly
      page: $page
    ) {
      origin {
        label
        latitude
        longitude
      }
      place
      near
      otherPlaces {
        label
        place
      }
      unknownPlace
      suggestions {
        label
        place
      }
      withinMiles
      total
      page
      pageCount
      items {
        id
        name
        kind
        street
        city
        region
        postalCode
        country
        countryName
        phone
        website
        products
        certification
        certifiedUntil
        distanceMiles
      }
      nearest {
        id
        name
        kind
        street
        city
        region
        postalCode
        country
        countryName
        phone
        website
        products
        certification
        certifiedUntil
        distanceMiles
      }
      states {
        code
        count
      }
      countries {
        code
        name
        count
      }
    }
  }
`);

const decimal = /^-?\d{1,3}(\.\d{1,8})?$/;

function numberParam(params: URLSearchParams, name: string, pattern: RegExp, expected: string): number | undefined {
  const value = params.get(name);
  if (value === null || value === "") return undefined;
  if (!pattern.test(value)) throw invalidParam(name, value, expected);
  return Number(value);
}

/** Densara's own office or distributor (the page's "locations" section) nearest to where the search measures from. */
function densaraNearest(page: RenderedPage, origin: Point | null): DensaraNearest | null {
  if (!origin) return null;
  const offices = page.sections.flatMap((section) =>
    section.type === "locations"
      ? section.items.flatMap((item) =>
          item.at
            ? [
                {
                  name: item.name,
                  kind: item.kind,
                  place: `${item.addressLines.at(-1) ?? ""}, ${item.country}`,
                  distanceMiles: Math.round(milesBetween(origin, item.at) * 10) / 10,
                  sectionId: section.id,
                },
              ]
            : [],
        )
      : [],
  );
  return offices.sort((a, b) => a.distanceMiles - b.distanceMiles)[0] ?? null;
}

/**
 * Locations: the listed organizations, searched on the server. The page without a query
 * is rendered by the server at start and again whenever a listing changes (it is never
 * prerendered at build time: it shows the database); a search is rendered per request.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const page = getPage("/locations");
  if (!page) throw notFound(url);
  const origin = publicOrigin(context);
  const params = url.searchParams;
  const latitude = numberParam(params, "lat", decimal, "a latitude, like 43.07");
  const longitude = numberParam(params, "lng", decimal, "a longitude, like -89.40");
  const within = enumParam(params, "within", radiusLabels);
  const product = enumParam(params, "product", productLabels);
  const kind = enumParam(params, "kind", kindLabels);
  const certified = enumParam(params, "certified", { "1": "yes" });
  const pageNumber = numberParam(params, "page", /^\d{1,4}$/, "a page number");
  const place = params.get("place") ?? "";
  const country = params.get("country") || null;
  const query: FinderQuery = {
    place,
    latitude: latitude === undefined ? "" : String(latitude),
    longitude: longitude === undefined ? "" : String(longitude),
    within: within ?? "",
    product: product ?? "",
    kind: kind ?? "",
    certified: certified === "1",
  };
  const outcome = await tryQuery(context, FindLocations, {
    place: place || null,
    country,
    latitude: latitude ?? null,
    longitude: longitude ?? null,
    withinMiles: within ? Number(within) : null,
    product: product ?? null,
    kind: kind ?? null,
    certifiedOnly: certified === "1",
    page: pageNumber ?? null,
  });
  if (!outcome.ok) {
    const { error } = outcome;
    const placeError = error.fields?.place;
    if (error.code !== "VALIDATION_FAILED" || !placeError) {
      throw data<ErrorPayload>(
        // The domain's own sentence about the parameter (a latitude out of range, page 0), else its message.
        { name: "This search cannot be shown", message: Object.values(error.fields ?? {})[0] ?? error.message },
        { status: error.status ?? 500 },
      );
    }
    return {
      page,
      query,
      results: null,
      densara: null,
      placeError,
      search: url.search,
      origin,
      jsonLd: structuredData(page, origin),
    };
  }
  const results = outcome.data.locations;
  return {
    page,
    query,
    results,
    densara: densaraNearest(page, results.origin),
    placeError: undefined,
    search: url.search,
    origin,
    jsonLd: [...structuredData(page, origin), ...locationsJsonLd(results.items)],
  };
}

export const meta: Route.MetaFunction = ({ loaderData, error }) => {
  if (error) return errorMeta();
  const { page, origin, jsonLd } = loaderData;
  return pageMeta({ title: page.title, description: page.description, path: page.path, origin, jsonLd });
};

export default function LocationsPage({ loaderData }: Route.ComponentProps) {
  const { page, query, results, densara, placeError, search } = loaderData;
  return (
    <PageView
      page={page}
      finder={
        <LocationFinder query={query} results={results} densara={densara} placeError={placeError} search={search} />
      }
    />
  );
}
