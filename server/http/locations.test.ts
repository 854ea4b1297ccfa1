import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAuthHarness, type AuthHarness } from "../../tests/support/auth-harness.ts";
import { databaseKinds } from "../../tests/support/databases.ts";
import { domainContext, systemAdmin } from "../../tests/support/domain.ts";
import { organizations } from "../db/schema/index.ts";
import { setPublicListing } from "../domain/organizations/index.ts";

/**
 * The locations page over HTTP: fixed bytes rendered by the server and rendered again
 * when a listing changes (ADR 029), searches rendered per request, and every parameter
 * of its address checked on the server.
 */

const cspNonce = (response: Response) =>
  /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];

describe.each(databaseKinds)("the locations page over HTTP, on %s", (kind) => {
  let harness: AuthHarness;

  beforeAll(async () => {
    harness = await startAuthHarness(kind);
    await harness.database.db.insert(organizations).values([
      {
        name: "Prairie Creek Family Clinic",
        kind: "clinic",
        street: "418 Willow Bend Road",
        city: "Madison",
        region: "WI",
        postalCode: "53711",
        country: "US",
        phone: "+1 608 555 0117",
        website: "https://prairie.example",
        products: [{ product: "v5", units: 2 }],
        publicListing: true,
        certificationStatus: "certified",
        certifiedUntil: "2099-01-31",
      },
      {
        name: "Quiet Valley Hospital",
        kind: "hospital",
        city: "Duluth",
        region: "MN",
        postalCode: "55802",
        country: "US",
      },
    ]);
    await harness.server.livePages.refresh();
  });
  afterAll(() => harness.close());

  it("is fixed bytes with an ETag, its scripts allowed by hash, and may ask for the visitor's location", async () => {
    const browser = harness.newBrowser();
    const first = await browser.fetch("/locations");
    expect(first.status).toBe(200);
    const csp = first.headers.get("content-security-policy") ?? "";
    expect(csp).not.toContain("'nonce-");
    expect(csp).toMatch(/script-src 'self' 'sha256-/);
    expect(first.headers.get("permissions-policy")).toContain("geolocation=(self)");
    const etag = first.headers.get("etag");
    expect(etag).toBeTruthy();
    const html = await first.text();
    expect(html).toContain("Prairie Creek Family Clinic");
    expect(html).not.toContain("Quiet Valley Hospital");
    expect(html).toContain('"@type":"MedicalClinic"');
    const again = await browser.fetch("/locations", { headers: { "if-none-match": etag ?? "" } });
    expect(again.status).toBe(304);
    // Other public pages may not ask.
    expect((await browser.fetch("/about")).headers.get("permissions-policy")).toContain("geolocation=()");
  });

  it("shows a newly listed organization once the pages are brought up to date, and renders nothing when nothing changed", async () => {
    const browser = harness.newBrowser();
    expect(await harness.server.livePages.refresh()).toBe(false);
    const before = await browser.fetch("/locations");
    const [hospital] = await harness.database.db
      .select()
      .from(organizations)
      .where(eq(organizations.name, "Quiet Valley Hospital"));
    if (!hospital) throw new Error("no hospital");
    const listed = await setPublicListing(domainContext(harness.database.db, systemAdmin), {
      id: hospital.id,
      version: hospital.version,
      publicListing: true,
    });
    // Until the next check, the page is the one rendered before.
    expect(await (await browser.fetch("/locations")).text()).not.toContain("Quiet Valley Hospital");
    expect(await harness.server.livePages.refresh()).toBe(true);
    const after = await browser.fetch("/locations");
    expect(after.headers.get("etag")).not.toBe(before.headers.get("etag"));
    expect(await after.text()).toContain("Quiet Valley Hospital");
    await setPublicListing(domainContext(harness.database.db, systemAdmin), {
      id: listed.id,
      version: listed.version,
      publicListing: false,
    });
    expect(await harness.server.livePages.refresh()).toBe(true);
    expect(await (await browser.fetch("/locations")).text()).not.toContain("Quiet Valley Hospital");
  });

  it("renders a search per request, with its distances", async () => {
    const response = await harness.newBrowser().fetch("/locations?place=53703&within=25");
    expect(response.status).toBe(200);
    expect(cspNonce(response)).toBeTruthy();
    expect(response.headers.get("permissions-policy")).toContain("geolocation=(self)");
    const html = await response.text();
    expect(html).toContain("1 location within 25 miles of ZIP code 53703");
    expect(html).toMatch(/\d+\.\d miles \(\d+ km\) away/);
    expect(html).toContain('value="53703"');
  });

  it("says beside the field what it cannot find, keeping what was typed", async () => {
    const response = await harness.newBrowser().fetch("/locations?place=00000");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("We could not find ZIP code 00000. Check it, or type a city or a state.");
    expect(html).toMatch(/aria-invalid="true"[^>]*value="00000"|value="00000"[^>]*aria-invalid="true"/);
  });

  it("finds by city and state, by city alone (saying which place it used), and by country", async () => {
    const browser = harness.newBrowser();
    const madison = await (await browser.fetch("/locations?place=Madison%2C+WI")).text();
    expect(madison).toContain("1 location within 100 miles of Madison, Wisconsin");
    expect(madison).toContain("Showing results near Madison, Wisconsin, United States.");
    expect(madison).toContain("Prairie Creek Family Clinic");
    expect(madison).not.toContain("Other places called");
    const alone = await (await browser.fetch("/locations?place=Madison")).text();
    expect(alone).toContain("Showing results near Madison, Wisconsin, United States.");
    expect(alone).toContain("Other places called Madison:");
    expect(alone).toContain('href="/locations?place=Madison%2C+AL#results"');
    const canada = await (await browser.fetch("/locations?place=Canada")).text();
    // No listing there in this database: the heading names the country typed.
    expect(canada).toMatch(/No locations (in|matching “)Canada/);
  });

  it("names the nearest listings with their distances, and Densara's own nearest office, when nothing is near", async () => {
    const html = await (await harness.newBrowser().fetch("/locations?place=Toronto&within=50")).text();
    expect(html).toContain("Nothing within 50 miles of Toronto, Ontario");
    expect(html).toContain("Showing results near Toronto, Ontario, Canada.");
    expect(html).toContain("The nearest listed locations, further away:");
    expect(html).toMatch(
      /Prairie Creek Family Clinic[\s\S]*\d+ miles \(\d+ km\) away|\d+ miles \(\d+ km\) away[\s\S]*Prairie Creek Family Clinic/,
    );
    expect(html).toContain("Densara’s nearest office or distributor");
    expect(html).toContain("Northway Medical Distribution Ltd.");
  });

  it("answers a place it does not know with a sentence and places spelt alike, never an empty page", async () => {
    const html = await (await harness.newBrowser().fetch("/locations?place=Chicgo")).text();
    expect(html).toContain("We could not find “Chicgo”");
    expect(html).toContain("It is not a place we know");
    expect(html).toContain('href="/locations?place=Chicago%2C+IL#results"');
    // The browse lists are still there.
    expect(html).toContain("Browse by state");
  });

  it.each([
    ["Madison%0AWI", "Write the place on one line."],
    ["Madison%0D%0ABcc%3A+x", "Write the place on one line."],
    ["%E2%80%AEMadison", "Remove the invisible control character (U+202E"],
    ["x".repeat(101), "Type at most 100 characters"],
  ])("refuses the place %s beside the field, keeping the page", async (place, sentence) => {
    const response = await harness.newBrowser().fetch(`/locations?place=${place}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(sentence);
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain("Fix the search above to see the locations.");
  });

  it.each([
    ["product=v9", "product"],
    ["kind=spa", "kind"],
    ["within=30", "within"],
    ["certified=yes", "certified"],
    ["lat=north&lng=1", "lat"],
    ["page=-1", "page"],
  ])("refuses the address parameter %s with a 400 that names it", async (query, name) => {
    const response = await harness.newBrowser().fetch(`/locations?${query}`);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(`The address asks for ${name} `);
  });

  it("refuses a latitude out of range with the domain's sentence", async () => {
    const response = await harness.newBrowser().fetch("/locations?lat=95&lng=10");
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("A latitude is between -90 and 90.");
  });
});
