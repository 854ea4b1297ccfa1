import { randomBytes } from "node:crypto";
import { count, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../db/client.ts";
import { idpAccounts } from "../db/schema/index.ts";
import { hashPassword, passwordProblem, verifyPassword } from "./passwords.ts";

export type IdpAccount = typeof idpAccounts.$inferSelect;

/** The embedded provider's first administrator when ADMIN_EMAIL is not set. */
export const defaultAdminEmail = "admin@densara.example";

const emailSchema = z.email();

export type FieldError = { field: "email" | "name" | "password"; message: string };

function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function createIdpAccount(
  db: Database,
  input: { email: string; name: string; password: string; emailVerified?: boolean },
  options: { hashParameters?: Parameters<typeof hashPassword>[1] } = {},
): Promise<{ ok: true; account: IdpAccount } | { ok: false; error: FieldError }> {
  const email = normalizeEmail(input.email);
  if (!emailSchema.safeParse(email).success)
    return { ok: false, error: { field: "email", message: "Enter a valid email address." } };
  const name = input.name.trim();
  if (name.length === 0 || name.length > 120) {
    return { ok: false, error: { field: "name", message: "Enter your name (up to 120 characters)." } };
  }
  const problem = passwordProblem(input.password);
  if (problem) return { ok: false, error: { field: "password", message: problem } };
  const passwordHash = await hashPassword(input.password, options.hashParameters);
  const [account] = await db
    .insert(idpAccounts)
    .values({ email, name, passwordHash, emailVerified: input.emailVerified ?? false })
    .onConflictDoNothing()
    .returning();
  if (!account)
    return { ok: false, error: { field: "email", message: "An account with this email address already exists." } };
  return { ok: true, account };
}

export async function findIdpAccountByEmail(db: Database, email: string): Promise<IdpAccount | undefined> {
  const [account] = await db
    .select()
    .from(idpAccounts)
    .where(sql`lower(${idpAccounts.email}) = ${normalizeEmail(email)}`)
    .limit(1);
  return account;
}

export async function findIdpAccountById(db: Database, id: string): Promise<IdpAccount | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  const [account] = await db.select().from(idpAccounts).where(eq(idpAccounts.id, id)).limit(1);
  return account;
}

/** Hashed against when the address is unknown, so a miss takes as long as a wrong password. */
let decoyHash: Promise<string> | undefined;

export type CredentialCheck = { ok: true; account: IdpAccount } | { ok: false; reason: "invalid" };

/**
 * Checks an email and password. The answer never says which of the two was wrong, and
 * takes as long for an unknown address as for a wrong password. Nothing here locks an
 * account: the hosted pages limit attempts per address and client pair, and more slowly
 * per account (server/idp/hosted-login.ts), so a stranger cannot lock the owner out.
 */
export async function checkIdpCredentials(
  db: Database,
  email: string,
  password: string,
  options: { hashParameters?: Parameters<typeof hashPassword>[1] } = {},
): Promise<CredentialCheck> {
  const account = await findIdpAccountByEmail(db, email);
  if (!account) {
    decoyHash ??= hashPassword(randomBytes(16).toString("hex"), options.hashParameters);
    await verifyPassword(password, await decoyHash);
    return { ok: false, reason: "invalid" };
  }
  if (await verifyPassword(password, account.passwordHash)) return { ok: true, account };
  return { ok: false, reason: "invalid" };
}

/**
 * On first start, creates the administrator's account: from ADMIN_EMAIL and
 * ADMIN_PASSWORD, or with a generated password that the caller prints once.
 */
export async function bootstrapAdminAccount(
  db: Database,
  input: { email: string; password?: string | undefined; name?: string },
  options: { hashParameters?: Parameters<typeof hashPassword>[1] } = {},
): Promise<{ created: false } | { created: true; email: string; generatedPassword?: string }> {
  const [{ value: existing } = { value: 0 }] = await db.select({ value: count() }).from(idpAccounts);
  if (existing > 0) return { created: false };
  const generatedPassword = input.password ? undefined : randomBytes(18).toString("base64url");
  const password = input.password ?? generatedPassword ?? "";
  const result = await createIdpAccount(
    db,
    // The operator chose this address, so it counts as verified.
    { email: input.email, name: input.name ?? "Administrator", password, emailVerified: true },
    options,
  );
  if (!result.ok) {
    // Another process starting at the same moment created it first.
    if (result.error.field === "email" && (await findIdpAccountByEmail(db, input.email))) return { created: false };
    throw new Error(`ADMIN_EMAIL / ADMIN_PASSWORD: ${result.error.message}`);
  }
  return generatedPassword
    ? { created: true, email: result.account.email, generatedPassword }
    : { created: true, email: result.account.email };
}
