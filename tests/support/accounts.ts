import { expect, type Page } from "@playwright/test";
import { mailSink } from "./e2e-ports.ts";

/** The e2e server's first administrator (see playwright.config.ts). */
export const admin = { email: "admin@densara.test", password: "e2e-admin-password-1" };

let counter = 0;

/** A fresh address per call, so tests running in parallel never share an account. */
export function newPerson(label: string) {
  counter += 1;
  const id = `${label}-${process.pid}-${Date.now()}-${counter}`;
  return { name: `Test ${label} ${counter}`, email: `${id}@densara.test`, password: `password-of-${id}` };
}

/** On the hosted login page: fills the form and submits. */
export async function submitSignIn(page: Page, person: { email: string; password: string }) {
  await expect(page.getByRole("heading", { level: 1, name: /Sign in to Densara/ })).toBeVisible();
  await page.getByLabel("Email address").fill(person.email);
  await page.getByLabel("Password", { exact: true }).fill(person.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

type Mail = { to: string[]; subject: string; text: string };

/** The mail the app sent to `to` with this subject, from the mail sink (polled until it arrives). */
export async function mailTo(to: string, subject: string): Promise<Mail> {
  const read = async () => {
    const response = await fetch(
      `http://127.0.0.1:${mailSink.httpPort}/messages?to=${encodeURIComponent(to.toLowerCase())}`,
    );
    return ((await response.json()) as Mail[]).filter((mail) => mail.subject === subject);
  };
  await expect.poll(async () => (await read()).length, { message: `mail "${subject}" to ${to}` }).toBeGreaterThan(0);
  const [mail] = (await read()).slice(-1);
  if (!mail) throw new Error(`no mail "${subject}" to ${to}`);
  return mail;
}

/** The first link to the site's hosted pages in a mail. */
export function linkIn(mail: Mail): string {
  const link = /https?:\/\/\S+\/idp\/\S+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no link in "${mail.subject}"`);
  return link;
}

/**
 * From the hosted login page: asks for the account, follows the emailed link in a new
 * tab of the same browser to choose the password, then signs in from the first tab, as
 * a person would. The page ends where the sign-in was headed.
 */
export async function submitSignUp(page: Page, person: { name: string; email: string; password: string }) {
  await page.getByRole("link", { name: "Create an account" }).click();
  await page.getByLabel("Your name").fill(person.name);
  await page.getByLabel("Email address").fill(person.email);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Check your email" })).toBeVisible();

  const mail = await mailTo(person.email, "Finish creating your Densara account");
  const tab = await page.context().newPage();
  await tab.goto(linkIn(mail));
  await expect(tab.getByRole("heading", { level: 1, name: "Choose your password" })).toBeVisible();
  await tab.getByLabel("Password", { exact: true }).fill(person.password);
  await tab.getByLabel("Type it again").fill(person.password);
  await tab.getByRole("button", { name: "Save the password" }).click();
  await expect(tab.getByRole("heading", { level: 1, name: "Your account is ready" })).toBeVisible();
  await tab.close();

  await page.getByRole("link", { name: "Sign in", exact: true }).click();
  await submitSignIn(page, person);
}
