import { product } from "../../domain/core/product.ts";
import {
  findLocations,
  organizationKind,
  type Location,
  type LocationSearch,
} from "../../domain/organizations/index.ts";
import { countryName } from "../../domain/organizations/fields.ts";
import { builder } from "../builder.ts";
import { enumRef } from "../from-zod.ts";
import { queryField } from "../operations.ts";

const LocationCertification = builder.enumType("LocationCertification", {
  values: {
    certified: { description: "Its operators are certified, and the certification has not run out." },
    in_training: { description: "Its operators are in training." },
  } as const,
});

const LocationType = builder.objectRef<Location>("Location").implement({
  description: "An organization on the public locations page, with only what that page shows.",
  fields: (t) => ({
    id: t.exposeID("id"),
    name: t.exposeString("name"),
    kind: t.expose("kind", { type: enumRef(organizationKind) }),
    street: t.exposeString("street"),
    city: t.exposeString("city"),
    region: t.exposeString("region"),
    postalCode: t.exposeString("postalCode"),
    country: t.exposeString("country", { description: "ISO 3166-1 alpha-2." }),
    countryName: t.string({ resolve: (location) => countryName(location.country) }),
    phone: t.exposeString("phone", { nullable: true }),
    website: t.exposeString("website", { nullable: true }),
    products: t.field({ type: [enumRef(product)], resolve: (location) => location.products }),
    certification: t.field({
      type: LocationCertification,
      nullable: true,
      resolve: (location) => location.certification,
    }),
    certifiedUntil: t.expose("certifiedUntil", { type: "Date", nullable: true }),
    distanceMiles: t.exposeFloat("distanceMiles", {
      nullable: true,
      description:
        "From the search's origin, when it has one and this listing's place is known (a US ZIP code or its city).",
    }),
  }),
});

const OriginType = builder.objectRef<NonNullable<LocationSearch["origin"]>>("LocationOrigin").implement({
  fields: (t) => ({
    label: t.exposeString("label"),
    latitude: t.exposeFloat("latitude"),
    longitude: t.exposeFloat("longitude"),
  }),
});

const StateCount = builder.objectRef<LocationSearch["states"][number]>("LocationStateCount").implement({
  fields: (t) => ({ code: t.exposeString("code"), count: t.exposeInt("count") }),
});

const CountryCount = builder.objectRef<LocationSearch["countries"][number]>("LocationCountryCount").implement({
  fields: (t) => ({ code: t.exposeString("code"), name: t.exposeString("name"), count: t.exposeInt("count") }),
});

const PlaceChoiceType = builder.objectRef<LocationSearch["otherPlaces"][number]>("LocationPlaceChoice").implement({
  description: "A place offered as a link.",
  fields: (t) => ({
    label: t.exposeString("label", { description: 'In full: "Madison, Alabama, United States".' }),
    place: t.exposeString("place", { description: 'What the search takes for it: "Madison, AL".' }),
  }),
});

const LocationSearchType = builder.objectRef<LocationSearch>("LocationSearch").implement({
  fields: (t) => ({
    origin: t.field({ type: OriginType, nullable: true, resolve: (search) => search.origin }),
    place: t.exposeString("place", { nullable: true }),
    near: t.exposeString("near", {
      nullable: true,
      description: 'A city typed, in full, as the search understood it: "Madison, Wisconsin, United States".',
    }),
    otherPlaces: t.field({
      type: [PlaceChoiceType],
      description: "Other places of the name typed alone, after the most populous one the search used.",
      resolve: (search) => search.otherPlaces,
    }),
    unknownPlace: t.exposeString("unknownPlace", {
      nullable: true,
      description: "What was typed, when it is no place the search knows and no listed organization's name.",
    }),
    suggestions: t.field({
      type: [PlaceChoiceType],
      description: "For an unknown place: places whose names start alike.",
      resolve: (search) => search.suggestions,
    }),
    withinMiles: t.exposeInt("withinMiles", { nullable: true }),
    total: t.exposeInt("total"),
    page: t.exposeInt("page"),
    pageCount: t.exposeInt("pageCount"),
    items: t.field({ type: [LocationType], resolve: (search) => search.items }),
    nearest: t.field({ type: [LocationType], resolve: (search) => search.nearest }),
    states: t.field({ type: [StateCount], resolve: (search) => search.states }),
    countries: t.field({ type: [CountryCount], resolve: (search) => search.countries }),
  }),
});

queryField("locations", {
  operation: findLocations,
  type: LocationSearchType,
  description: "The public locations page's search. Anyone may run it.",
});
