import { asc, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { formAlertText, locationOf, startAuthHarness, type AuthHarness } from "../../tests/support/auth-harness.ts";
import { databaseKinds } from "../../tests/support/databases.ts";
import { graphqlRequest, signInAs } from "../../tests/support/graphql.ts";
import { activity, certificationApplications, inquiries, outbox } from "../db/schema/index.ts";
import { ticketMessages } from "../domain/core/public-form.ts";
import { contactFormMessage } from "../../tests/support/contact-form.ts";

/**
 * The contact form over HTTP, as a browser without JavaScript sends it: the prerendered
 * page with its ticket filled in, the post that lands on the thanks page, the refusals
 * that keep every word typed, and the same form sent by someone signed in (as a visitor).
 */

const ticketOf = (html: string) => /name="ticket" value="([^"]*)"/.exec(html)?.[1] ?? "";

const valueOf = (html: string, name: string) => new RegExp(`name="${name}"[^>]*value="([^"]*)"`).exec(html)?.[1];

const message = contactFormMessage;

describe.each(databaseKinds)("the contact form over HTTP, on %s", (kind) => {
  let harness: AuthHarness;

  beforeAll(async () => {
    harness = await startAuthHarness(kind);
  });
  afterAll(() => harness.close());
  afterEach(async () => {
    harness.clock.offsetMs = 0;
    await harness.database.db.delete(inquiries);
    await harness.database.db.delete(outbox);
  });

  /** The page as served, and its ticket; then the server's clock moves on a minute, as a person types. */
  async function openForm(browser = harness.newBrowser()) {
    const page = await browser.fetch("/about/contact");
    const html = await page.text();
    harness.clock.offsetMs = 60_000;
    return { browser, page, html, ticket: ticketOf(html) };
  }

  it("is served prerendered with a fresh ticket in its form, never from a shared cache", async () => {
    const browser = harness.newBrowser();
    const plain = await browser.fetch("/about/contact");
    expect(plain.status).toBe(200);
    expect(plain.headers.get("cache-control")).toBe("private, no-cache");
    const html = await plain.text();
    expect(ticketOf(html)).toMatch(/^[0-9a-z]{6,12}\.[A-Za-z0-9_-]{43}$/);
    expect(html).not.toContain("__densara_form_ticket__");
    for (const encoding of ["br", "gzip"]) {
      const encoded = await browser.fetch("/about/contact", { headers: { "accept-encoding": encoding } });
      expect(encoded.headers.get("content-encoding")).toBe(encoding);
      // fetch decodes it: the same page, its own ticket aside.
      const decoded = await encoded.text();
      expect(decoded.replace(ticketOf(decoded), "") === html.replace(ticketOf(html), "")).toBe(true);
    }
    const head = await browser.fetch("/about/contact", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
  });

  it("takes a message without JavaScript: the thanks page with its reference, the row and both mails", async () => {
    const { browser, ticket } = await openForm();
    const nudges = harness.mail.nudges;
    const sent = await browser.post("/about/contact", { ...message, ticket });
    expect(sent.status).toBe(303);
    // The outbox was told at once, not left to its next round.
    expect(harness.mail.nudges).toBe(nudges + 1);
    const thanks = locationOf(sent, harness.origin);
    expect(thanks.pathname).toBe("/about/contact/sent");
    const reference = thanks.searchParams.get("reference") ?? "";
    expect(reference).toMatch(/^SR-[2-9A-HJKMNP-Z]{6}$/);
    const page = await browser.fetch(thanks);
    expect(page.status).toBe(200);
    expect(harness.mail.nudges).toBe(nudges + 1);
    const html = await page.text();
    expect(html).toContain(reference);
    expect(html).toContain("noindex");
    const [stored] = await harness.database.db.select().from(inquiries);
    expect(stored).toMatchObject({ reference, topic: "service", serialNumber: "D4-100233", phone: null });
    const mail = await harness.database.db.select().from(outbox).orderBy(asc(outbox.to));
    expect(mail.map((row) => row.to)).toEqual(["ruth@clinic.example", "service@densara.example"]);
  });

  it("keeps every word typed when it refuses a field, says why beside it, and keeps the ticket", async () => {
    const { browser, ticket } = await openForm();
    const refused = await browser.post("/about/contact", { ...message, serialNumber: "??", ticket });
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain("Enter the serial number as printed on the label");
    expect(valueOf(html, "name")).toBe("Ruth Okafor");
    expect(valueOf(html, "serialNumber")).toBe("??");
    expect(html.includes("Our v4 needs its yearly calibration; can you book a visit?</textarea>")).toBe(true);
    expect(/<input[^>]*value="service"[^>]*>/.exec(html)?.[0]).toContain('checked=""');
    // Fixing the field and sending at once is not "too quick": the form goes on with its ticket.
    expect(ticketOf(html)).toBe(ticket);
    expect(await harness.database.db.select().from(inquiries)).toEqual([]);
  });

  it("refuses a form sent within seconds of being served, and one whose hidden field a bot filled", async () => {
    const browser = harness.newBrowser();
    const html = await (await browser.fetch("/about/contact")).text();
    const tooSoon = await browser.post("/about/contact", { ...message, ticket: ticketOf(html) });
    expect(tooSoon.status).toBe(400);
    expect(await formAlertText(tooSoon)).toBe(ticketMessages["too-soon"]);

    const { ticket } = await openForm(browser);
    const bot = await browser.post("/about/contact", { ...message, website: "https://cheap.example", ticket });
    expect(bot.status).toBe(400);
    expect(await formAlertText(bot)).toContain("This message looked automated, so it was not sent.");

    const forged = await browser.post("/about/contact", { ...message, ticket: "abc.def" });
    const forgedHtml = await forged.text();
    expect(forgedHtml).toContain(ticketMessages.invalid);
    // A ticket that cannot be used again is replaced, so the next try can work.
    expect(ticketOf(forgedHtml)).not.toBe("abc.def");
    expect(await harness.database.db.select().from(inquiries)).toEqual([]);
  });

  it("is sent as a visitor by someone signed in, with no CSRF token, as a plain form must", async () => {
    const staff = await signInAs(harness, "editor", "contact");
    const { ticket } = await openForm(staff.browser);
    const sent = await staff.browser.post("/about/contact", { ...message, ticket });
    expect(sent.status).toBe(303);
    const [logged] = await harness.database.db
      .select()
      .from(activity)
      .where(eq(activity.action, "inquiry.submit"))
      .orderBy(asc(activity.at));
    expect(logged).toMatchObject({ actorId: null, via: "anonymous", actorLabel: "Anonymous visitor" });
  });

  it("refuses a post from another site before reading it", async () => {
    const { browser, ticket } = await openForm();
    const forged = await browser.fetch("/about/contact", {
      method: "POST",
      headers: { origin: "https://elsewhere.example" },
      body: new URLSearchParams({ ...message, ticket }),
    });
    expect(forged.status).toBe(403);
    expect(await harness.database.db.select().from(inquiries)).toEqual([]);
  });

  it("is open to scripts through the API too, on the same terms", async () => {
    const { ticket } = await openForm();
    const { consentToContact: _consent, ...fields } = message;
    const sent = await graphqlRequest<{ submitInquiry: { reference: string | null; topic: string } }>(harness.origin, {
      query: `mutation Send($input: SubmitInquiryInput!) { submitInquiry(input: $input) { reference topic } }`,
      variables: { input: { ...fields, topic: "sales", consentToContact: true, ticket } },
    });
    expect(sent.body.errors).toBeUndefined();
    expect(sent.body.data?.submitInquiry).toEqual({ reference: null, topic: "sales" });
    const refused = await graphqlRequest(harness.origin, {
      query: `{ inquiries(first: 5) { nodes { id } } }`,
    });
    expect(refused.body.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
  });

  it("takes a certification application from the Get Certified page the same way", async () => {
    const browser = harness.newBrowser();
    const html = await (await browser.fetch("/about/get-certified")).text();
    harness.clock.offsetMs = 60_000;
    const application = {
      name: "Ana Ferreira",
      email: "ana.ferreira@clinic.example",
      organizationName: "Clínica Ferreira",
      jobTitle: "Radiographer",
      country: "PT",
      product: "v5",
      trainingFormat: "on_site",
      consentToContact: "true",
      website: "",
      ticket: ticketOf(html),
    };
    const refused = await browser.post("/about/get-certified", { ...application, jobTitle: "" });
    expect(refused.status).toBe(400);
    const refusedHtml = await refused.text();
    expect(refusedHtml).toContain("Enter your role, like radiographer or pharmacist.");
    expect(valueOf(refusedHtml, "organizationName")).toBe("Clínica Ferreira");
    const sent = await browser.post("/about/get-certified", application);
    expect(locationOf(sent, harness.origin).pathname).toBe("/about/get-certified/sent");
    const [stored] = await harness.database.db.select().from(certificationApplications);
    expect(stored).toMatchObject({
      status: "applied",
      trainingFormat: "on_site",
      organizationName: "Clínica Ferreira",
    });
    await harness.database.db.delete(certificationApplications);
  });

  it("shows only references the server makes on the thanks page", async () => {
    const browser = harness.newBrowser();
    const page = await browser.fetch("/about/contact/sent?reference=%3Cscript%3Ealert(1)%3C/script%3E");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).not.toContain("alert(1)");
    expect(html).not.toContain("Your reference");
    expect(html).toContain("Thank you: your message reached our team");
  });
});
