import { expect, type Page } from "@playwright/test";

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

/** From the hosted login page: creates the account, which also signs it in. */
export async function submitSignUp(page: Page, person: { name: string; email: string; password: string }) {
  await page.getByRole("link", { name: "Create an account" }).click();
  await page.getByLabel("Your name").fill(person.name);
  await page.getByLabel("Email address").fill(person.email);
  await page.getByLabel("Password", { exact: true }).fill(person.password);
  await page.getByRole("button", { name: "Create account and sign in" }).click();
}
