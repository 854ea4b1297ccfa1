import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { databaseKinds, useTestDatabase } from "../../../tests/support/databases.ts";
import { domainContext, systemAdmin } from "../../../tests/support/domain.ts";
import type { Database } from "../../db/client.ts";
import { organizations } from "../../db/schema/index.ts";
import type { ValidationError } from "../core/errors.ts";
import { findLocations, listingsStamp, setPublicListing } from "./index.ts";
import { milesBetween, zipCentroid } from "./zip-centroids.ts";

/**
 * The public locations page's search: only listed organizations, only what the page
 * shows, found by place or by distance from a ZIP code's centre or the visitor's location.
 */

const now = new Date("2026-06-15T12:00:00Z");

type Row = typeof organizations.$inferInsert;
const base = { kind: "clinic", country: "US", publicListing: true } as const;
const rows: Row[] = [
  {
    ...base,
    name: "Prairie Creek Family Clinic",
    street: "418 Willow Bend Road",
    city: "Madison",
    region: "WI",
    postalCode: "53711",
    phone: "+1 608 555 0117",
    email: "private@prairie.example",
    website: "https://prairie.example",
    contacts: [{ name: "Rebecca Thornton", role: null, email: "r@prairie.example", phone: null }],
    products: [
      { product: "v5", units: 2 },
      { product: "v4", units: 1 },
    ],
    certificationStatus: "certified",
    certifiedUntil: "2027-01-31",
  },
  {
    ...base,
    name: "Lakeshore Bone Health",
    city: "Milwaukee",
    region: "Wisconsin",
    postalCode: "53202",
    products: [{ product: "v4", units: 1 }],
    certificationStatus: "certified",
    // Ran out before "now": no longer shown as certified.
    certifiedUntil: "2026-06-14",
  },
  {
    ...base,
    name: "North Star Hospital",
    kind: "hospital",
    city: "Minneapolis",
    region: "MN",
    postalCode: "55408",
    products: [{ product: "v5", units: 3 }],
    certificationStatus: "in_training",
  },
  {
    ...base,
    name: "Northway Medical",
    kind: "distributor",
    city: "Toronto",
    region: "ON",
    postalCode: "M5V 1L7",
    country: "CA",
    products: [{ product: "v5", units: 1 }],
  },
  { ...base, name: "Hidden Clinic", city: "Madison", region: "WI", postalCode: "53703", publicListing: false },
];

async function seed(db: Database) {
  return db.insert(organizations).values(rows).returning();
}

describe("ZIP code centres and distances", () => {
  it("knows a ZIP code's centre, with or without its four-digit suffix, and not a code that does not exist", () => {
    const madison = zipCentroid("53703");
    expect(madison?.latitude).toBeCloseTo(43.08, 1);
    expect(madison?.longitude).toBeCloseTo(-89.38, 1);
    expect(zipCentroid("53703-1234")).toEqual(madison);
    expect(zipCentroid("00000")).toBeNull();
    expect(zipCentroid("5370")).toBeNull();
  });

  it("measures great-circle distances in miles", () => {
    const madison = zipCentroid("53703");
    const milwaukee = zipCentroid("53202");
    if (!madison || !milwaukee) throw new Error("no centres");
    // About 75 miles as the crow flies.
    expect(milesBetween(madison, milwaukee)).toBeGreaterThan(70);
    expect(milesBetween(madison, milwaukee)).toBeLessThan(80);
    expect(milesBetween(madison, madison)).toBe(0);
  });
});

describe.each(databaseKinds)("finding listed organizations, on %s", (kind) => {
  const database = useTestDatabase(kind);
  const visitor = (db: Database) => domainContext(db, null, { now: () => now });

  it("shows anyone the listed organizations only, with only what the page shows", async () => {
    const { db } = database();
    await seed(db);
    const found = await findLocations(visitor(db), {});
    expect(found.total).toBe(4);
    expect(found.items.map((item) => item.name)).not.toContain("Hidden Clinic");
    const { id, ...prairie } = found.items.find((item) => item.name === "Prairie Creek Family Clinic") ?? { id: "" };
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(prairie).toEqual({
      name: "Prairie Creek Family Clinic",
      kind: "clinic",
      street: "418 Willow Bend Road",
      city: "Madison",
      region: "WI",
      postalCode: "53711",
      country: "US",
      phone: "+1 608 555 0117",
      website: "https://prairie.example",
      products: ["v4", "v5"],
      certification: "certified",
      certifiedUntil: "2027-01-31",
      distanceMiles: null,
    });
    // The United States first, by state, then other countries.
    expect(found.items.map((item) => item.city)).toEqual(["Minneapolis", "Madison", "Milwaukee", "Toronto"]);
    expect(found.states).toEqual([
      { code: "MN", count: 1 },
      { code: "WI", count: 2 },
    ]);
    expect(found.countries).toEqual([{ code: "CA", name: "Canada", count: 1 }]);
  });

  it("says a certification that has run out is no certification, and one in training as such", async () => {
    const { db } = database();
    await seed(db);
    const found = await findLocations(visitor(db), {});
    const by = (name: string) => found.items.find((item) => item.name === name);
    expect(by("Lakeshore Bone Health")).toMatchObject({ certification: null, certifiedUntil: null });
    expect(by("North Star Hospital")).toMatchObject({ certification: "in_training" });
    const certified = await findLocations(visitor(db), { certifiedOnly: true });
    expect(certified.items.map((item) => item.name)).toEqual(["Prairie Creek Family Clinic"]);
  });

  it("finds by state code or name, by country, and by city or name", async () => {
    const { db } = database();
    await seed(db);
    const names = async (place: string) =>
      (await findLocations(visitor(db), { place })).items.map((item) => item.name).sort();
    expect(await names("WI")).toEqual(["Lakeshore Bone Health", "Prairie Creek Family Clinic"]);
    expect(await names("wisconsin")).toEqual(["Lakeshore Bone Health", "Prairie Creek Family Clinic"]);
    expect(await names("Canada")).toEqual(["Northway Medical"]);
    expect(await names("Ontario")).toEqual(["Northway Medical"]);
    expect(await names("minneap")).toEqual(["North Star Hospital"]);
    // "Lakeshore" is a town in Louisiana too: a listing's name wins, and the town is offered.
    expect(await names("lakeshore")).toEqual(["Lakeshore Bone Health"]);
    const lakeshore = await findLocations(visitor(db), { place: "Lakeshore" });
    expect(lakeshore).toMatchObject({ origin: null, near: null, place: "lakeshore" });
    expect(lakeshore.otherPlaces[0]).toEqual({
      label: "Lakeshore, Louisiana, United States",
      place: "Lakeshore, Louisiana, United States",
    });
    expect(await names("M5V")).toEqual(["Northway Medical"]);
    expect(await names("100%_")).toEqual([]);
    expect((await findLocations(visitor(db), { place: "WI" })).place).toBe("Wisconsin");
    // The country links name the country by its code: "Georgia" the word is the state.
    const canada = await findLocations(visitor(db), { country: "CA" });
    expect(canada.items.map((item) => item.name)).toEqual(["Northway Medical"]);
    expect(canada.place).toBe("Canada");
    expect(await names("Georgia")).toEqual([]);
  });

  it("filters by product and by kind, and counts the map under those filters", async () => {
    const { db } = database();
    await seed(db);
    const v4 = await findLocations(visitor(db), { product: "v4" });
    expect(v4.items.map((item) => item.name).sort()).toEqual(["Lakeshore Bone Health", "Prairie Creek Family Clinic"]);
    expect(v4.states).toEqual([{ code: "WI", count: 2 }]);
    const hospitals = await findLocations(visitor(db), { kind: "hospital" });
    expect(hospitals.items.map((item) => item.name)).toEqual(["North Star Hospital"]);
  });

  it("measures from a ZIP code, nearest first, within the distance chosen, and names the nearest when none is", async () => {
    const { db } = database();
    await seed(db);
    const near = await findLocations(visitor(db), { place: "53703" });
    expect(near.origin).toMatchObject({ label: "ZIP code 53703" });
    expect(near.withinMiles).toBe(100);
    expect(near.items.map((item) => item.name)).toEqual(["Prairie Creek Family Clinic", "Lakeshore Bone Health"]);
    const [first, second] = near.items;
    expect(first?.distanceMiles).toBeLessThan(10);
    expect(second?.distanceMiles).toBeGreaterThan(60);
    const close = await findLocations(visitor(db), { place: "53703", withinMiles: 25 });
    expect(close.items.map((item) => item.name)).toEqual(["Prairie Creek Family Clinic"]);
    // Anchorage: nothing within 500 miles; the nearest three, however far, and none without a distance.
    const far = await findLocations(visitor(db), { place: "99501", withinMiles: 500 });
    expect(far.total).toBe(0);
    expect(far.nearest.map((item) => item.name)).toEqual([
      "North Star Hospital",
      "Prairie Creek Family Clinic",
      "Lakeshore Bone Health",
    ]);
  });

  it("measures from a city typed with its state, or alone, and says which place it used", async () => {
    const { db } = database();
    await seed(db);
    for (const place of ["Madison, WI", "Madison, Wisconsin", "Madison"]) {
      const near = await findLocations(visitor(db), { place });
      expect(near.origin, place).toMatchObject({ label: "Madison, Wisconsin" });
      expect(near.near).toBe("Madison, Wisconsin, United States");
      expect(near.place).toBeNull();
      expect(near.items.map((item) => item.name)).toEqual(["Prairie Creek Family Clinic", "Lakeshore Bone Health"]);
      expect(near.items[0]?.distanceMiles).toBeLessThan(10);
    }
    // The name alone: the other places of that name are offered; with its state, none.
    expect((await findLocations(visitor(db), { place: "Madison" })).otherPlaces[0]).toEqual({
      label: "Madison, Alabama, United States",
      place: "Madison, AL",
    });
    expect((await findLocations(visitor(db), { place: "Madison, WI" })).otherPlaces).toEqual([]);
    // A listing outside the US is measured from its city.
    const toronto = await findLocations(visitor(db), { place: "Toronto", withinMiles: 25 });
    expect(toronto.near).toBe("Toronto, Ontario, Canada");
    expect(toronto.items.map((item) => item.name)).toEqual(["Northway Medical"]);
    expect(toronto.items[0]?.distanceMiles).toBe(0);
  });

  it("names the nearest listings, with their distances, when none is within the distance from a city", async () => {
    const { db } = database();
    await seed(db);
    const chicago = await findLocations(visitor(db), { place: "Chicago", withinMiles: 50 });
    expect(chicago).toMatchObject({ total: 0, items: [], withinMiles: 50, origin: { label: "Chicago, Illinois" } });
    expect(chicago.nearest.map((item) => item.name)).toEqual([
      "Lakeshore Bone Health",
      "Prairie Creek Family Clinic",
      "North Star Hospital",
    ]);
    for (const item of chicago.nearest) expect(item.distanceMiles).toBeGreaterThan(50);
  });

  it("says when what was typed is no place and no listed name, and offers places spelt alike", async () => {
    const { db } = database();
    await seed(db);
    const typo = await findLocations(visitor(db), { place: "Chicgo" });
    expect(typo).toMatchObject({ total: 0, unknownPlace: "Chicgo", nearest: [] });
    expect(typo.suggestions[0]).toEqual({ label: "Chicago, Illinois, United States", place: "Chicago, IL" });
    expect(await findLocations(visitor(db), { place: "Qqqqxz" })).toMatchObject({
      unknownPlace: "Qqqqxz",
      suggestions: [],
    });
    // A listed name is no unknown place, even when the filters leave nothing.
    const filtered = await findLocations(visitor(db), { place: "lakeshore", kind: "hospital" });
    expect(filtered).toMatchObject({ total: 0, unknownPlace: null, suggestions: [] });
    // Hidden listings are not names the search knows.
    expect((await findLocations(visitor(db), { place: "Hidden Clinic" })).unknownPlace).toBe("Hidden Clinic");
  });

  it("refuses a place with control characters or line breaks, with a sentence for the field", async () => {
    const { db } = database();
    // Each with the sentence one-line text gives (ADR 041): what is wrong, and where.
    for (const [place, sentence] of [
      ["Madison\nWI", "Write the place on one line."],
      ["Madison\r\nBcc: x", "Write the place on one line."],
      ["Tab\there", "Replace the tab in the place with a space."],
      ["\u202eNI ,nosidaM", /^Remove the invisible control character \(U\+202E.*\) from the place\.$/],
      ["\u001b[31m", /^Remove the invisible control character \(U\+001B.*\) from the place\.$/],
      ["a\u0085b", "Write the place on one line."],
    ] as const) {
      const error = (await findLocations(visitor(db), { place }).catch((caught: unknown) => caught)) as ValidationError;
      expect(error.fields.place, JSON.stringify(place)).toMatch(sentence);
    }
    // NUL is refused before any schema reads the input, with its own sentence.
    const nul = (await findLocations(visitor(db), { place: "Madi\u0000son" }).catch(
      (caught: unknown) => caught,
    )) as ValidationError;
    expect(nul.fields.place).toMatch(/control character \(U\+0000\)/);
  });

  it("measures from the visitor's own location, and a typed place wins over it", async () => {
    const { db } = database();
    await seed(db);
    const here = await findLocations(visitor(db), { latitude: 44.98, longitude: -93.27 });
    expect(here.origin?.label).toBe("your location");
    expect(here.items[0]?.name).toBe("North Star Hospital");
    const typed = await findLocations(visitor(db), { place: "Canada", latitude: 44.98, longitude: -93.27 });
    expect(typed.origin).toBeNull();
    expect(typed.items.map((item) => item.name)).toEqual(["Northway Medical"]);
  });

  it("refuses what it cannot search, with a sentence for the field", async () => {
    const { db } = database();
    const refused = async (input: Parameters<typeof findLocations>[1]) =>
      ((await findLocations(visitor(db), input).catch((error: unknown) => error)) as ValidationError).fields;
    expect(await refused({ place: "00000" })).toEqual({
      place: "We could not find ZIP code 00000. Check it, or type a city or a state.",
    });
    expect((await refused({ place: "x".repeat(101) })).place).toBe(
      "Type at most 100 characters: a city, a state or a ZIP code.",
    );
    expect(await refused({ latitude: 43 })).toMatchObject({ latitude: "Give both a latitude and a longitude." });
    expect((await refused({ latitude: 91, longitude: 0 })).latitude).toBe("A latitude is between -90 and 90.");
    expect(await refused({ place: "53703", withinMiles: 30 })).toMatchObject({
      withinMiles: "Choose a distance from the list.",
    });
    expect(await refused({ page: 0 })).toMatchObject({ page: "Pages start at 1." });
    expect(await refused({ country: "XX" })).toMatchObject({ country: "Choose a country from the list." });
  });

  it("pages twenty at a time, and a page past the end shows the last", async () => {
    const { db } = database();
    await db.insert(organizations).values(
      Array.from({ length: 45 }, (_, index) => ({
        ...base,
        name: `Clinic ${String(index).padStart(2, "0")}`,
        city: "Madison",
        region: "WI",
        postalCode: "53703",
      })),
    );
    const second = await findLocations(visitor(db), { page: 2 });
    expect(second).toMatchObject({ total: 45, page: 2, pageCount: 3 });
    expect(second.items).toHaveLength(20);
    const past = await findLocations(visitor(db), { page: 9 });
    expect(past.page).toBe(3);
    expect(past.items).toHaveLength(5);
  });

  it("changes its stamp with any change to what the page shows, and only then", async () => {
    const { db } = database();
    const [prairie] = await seed(db);
    if (!prairie) throw new Error("no organization");
    const before = await listingsStamp(db, now);
    expect(await listingsStamp(db, now)).toBe(before);
    // A hidden organization's change is not the page's.
    await db
      .update(organizations)
      .set({ city: "Verona", version: sql`${organizations.version} + 1` })
      .where(eq(organizations.name, "Hidden Clinic"));
    expect(await listingsStamp(db, now)).toBe(before);
    const unlisted = await setPublicListing(domainContext(db, systemAdmin, { now: () => now }), {
      id: prairie.id,
      version: prairie.version,
      publicListing: false,
    });
    const afterUnlisting = await listingsStamp(db, now);
    expect(afterUnlisting).not.toBe(before);
    await setPublicListing(domainContext(db, systemAdmin, { now: () => now }), {
      id: unlisted.id,
      version: unlisted.version,
      publicListing: true,
    });
    expect(await listingsStamp(db, now)).not.toBe(afterUnlisting);
    // Certifications run out at a day's end.
    expect(await listingsStamp(db, new Date("2026-06-16T00:00:01Z"))).not.toBe(await listingsStamp(db, now));
  });
});
