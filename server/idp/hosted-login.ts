import type { IncomingMessage, ServerResponse } from "node:http";
import type Provider from "oidc-provider";
import type { z } from "zod";
import type { FieldErrors, FormOutcome, HostedLogin, InteractionSummary } from "../../shared/contracts/auth-context.ts";
import type { Database } from "../db/client.ts";
import type { Logger } from "../log.ts";
import { embeddedProviderPath, pinPublicOrigin } from "./provider.ts";
import { checkIdpCredentials } from "./accounts.ts";
import { idpForms } from "./forms.ts";
import {
  completePasswordReset,
  findPasswordReset,
  requestPasswordReset,
  requestSignUp,
  warnOfRefusedSignIns,
} from "./password-resets.ts";
import { createRateLimiter, loginLimits, type RateLimit } from "../web/rate-limit.ts";
import { clearFailedSignIns, recordFailedSignIn } from "./sign-in-failures.ts";

const signupLimit: RateLimit = { limit: 10, windowS: 60 * 60 };
const resetLimits = {
  perAddress: { limit: 10, windowS: 15 * 60 },
  perEmail: { limit: 3, windowS: 60 * 60 },
} as const satisfies Record<string, RateLimit>;

function minutes(seconds: number): string {
  const value = Math.max(1, Math.ceil(seconds / 60));
  return value === 1 ? "1 minute" : `${value} minutes`;
}

const expired: { ok: false; errors: FieldErrors } = {
  ok: false,
  errors: { form: "This sign-in page has expired or was opened in another browser. Start signing in again." },
};

/**
 * The hosted pages' server side for one request. The interaction (oidc-provider's
 * record of the sign-in in progress) is found through this browser's cookie, so a
 * page opened elsewhere, or replayed later, cannot finish it.
 */
export function createHostedLogin(deps: {
  db: Database;
  provider: Provider;
  request: IncomingMessage;
  response: ServerResponse;
  clientAddress: string;
  signupAllowed: boolean;
  publicUrl: URL;
  /** The provider's issuer: a password reset also ends this account's sessions on the site. */
  issuer: string;
  log: Logger;
}): HostedLogin {
  const { db, provider, request, response, clientAddress, publicUrl, log } = deps;
  pinPublicOrigin(request, publicUrl);
  const limiter = createRateLimiter(db);
  const resetLinkFor = (token: string) => new URL(`${embeddedProviderPath}/password/reset/${token}`, publicUrl).href;

  async function details(uid: string) {
    try {
      const interaction = await provider.interactionDetails(request, response);
      return interaction.uid === uid ? interaction : null;
    } catch {
      return null;
    }
  }

  async function finishLogin(accountId: string): Promise<FormOutcome> {
    try {
      const redirectTo = await provider.interactionResult(
        request,
        response,
        // remember: false keeps the provider's session cookie to this browser session.
        { login: { accountId, remember: false } },
        { mergeWithLastSubmission: false },
      );
      return { ok: true, redirectTo };
    } catch {
      return expired;
    }
  }

  async function limited(key: string, limit: RateLimit, message: (retry: string) => string) {
    const result = await limiter.hit(key, limit);
    return result.allowed ? undefined : message(minutes(result.retryAfterS));
  }

  return {
    async interaction(uid) {
      const found = await details(uid);
      if (!found) return null;
      const hint = found.params.login_hint;
      const summary: InteractionSummary = {
        uid: found.uid,
        loginHint: typeof hint === "string" ? hint.slice(0, 320) : undefined,
        signupAllowed: deps.signupAllowed,
      };
      return summary;
    },

    async signIn(uid, input) {
      const parsed = idpForms.signIn.safeParse(input);
      if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.error) };
      if (!(await details(uid))) return expired;
      const { password } = parsed.data;
      const email = parsed.data.email.toLowerCase();
      const refused = (retry: string) =>
        `Too many sign-in attempts for this email address. Try again in ${retry}, or reset your password.`;
      const tooMany =
        (await limited(
          `login:address:${clientAddress}`,
          loginLimits.perAddress,
          (retry) => `Too many sign-in attempts from this network. Try again in ${retry}.`,
        )) ?? (await limited(`login:pair:${clientAddress}:${email}`, loginLimits.perPair, refused));
      if (tooMany) return { ok: false, errors: { form: tooMany } };
      const perAccount = await limiter.hit(`login:account:${email}`, loginLimits.perAccount);
      if (!perAccount.allowed) {
        // The first refusal in the window tells the owner; later ones stay quiet.
        if (perAccount.count === loginLimits.perAccount.limit + 1) {
          await warnOfRefusedSignIns(db, email, {
            linkFor: resetLinkFor,
            resumesAt: new Date(Date.now() + perAccount.retryAfterS * 1000),
          });
        }
        return { ok: false, errors: { form: refused(minutes(perAccount.retryAfterS)) } };
      }
      const check = await checkIdpCredentials(db, email, password);
      if (!check.ok) {
        await recordFailedSignIn(db, email, new Date());
        return {
          ok: false,
          errors: { form: "That email address and password do not match an account. Check both and try again." },
        };
      }
      await limiter.reset(`login:pair:${clientAddress}:${email}`);
      await limiter.reset(`login:account:${email}`);
      await clearFailedSignIns(db, email);
      log.info("signed in at the embedded provider", { account: check.account.id });
      return finishLogin(check.account.id);
    },

    async signUp(uid, input) {
      if (!deps.signupAllowed) return { ok: false, errors: { form: "New accounts are created by an administrator." } };
      const parsed = idpForms.signUp.safeParse(input);
      if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.error) };
      if (!(await details(uid))) return expired;
      const email = parsed.data.email.toLowerCase();
      const tooMany = await limited(
        `signup:address:${clientAddress}`,
        signupLimit,
        (retry) => `Too many new accounts from this network. Try again in ${retry}.`,
      );
      if (tooMany) return { ok: false, errors: { form: tooMany } };
      // Past this limit the answer stays the same, but no more mail goes to that address.
      if ((await limiter.hit(`signup:email:${email}`, resetLimits.perEmail)).allowed) {
        await requestSignUp(db, { email, name: parsed.data.name }, { linkFor: resetLinkFor });
      }
      return { ok: true, email };
    },

    async requestPasswordReset(input) {
      const parsed = idpForms.requestPasswordReset.safeParse(input);
      if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.error) };
      const email = parsed.data.email.toLowerCase();
      const tooMany = await limited(
        `reset:address:${clientAddress}`,
        resetLimits.perAddress,
        (retry) => `Too many requests from this network. Try again in ${retry}.`,
      );
      if (tooMany) return { ok: false, errors: { form: tooMany } };
      // Past this limit the answer stays the same, but no more mail goes to that address.
      if ((await limiter.hit(`reset:email:${email}`, resetLimits.perEmail)).allowed) {
        await requestPasswordReset(db, email, { linkFor: resetLinkFor });
      }
      return { ok: true };
    },

    async passwordResetFor(token) {
      const reset = await findPasswordReset(db, token);
      return reset ? { email: reset.email, firstPassword: reset.firstPassword } : null;
    },

    async resetPassword(token, input) {
      const parsed = idpForms.resetPassword.safeParse(input);
      if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.error) };
      if (parsed.data.password !== parsed.data.confirm) {
        return { ok: false, errors: { confirm: "The two passwords are not the same. Type the new password again." } };
      }
      const tooMany = await limited(
        `reset-complete:address:${clientAddress}`,
        resetLimits.perAddress,
        (retry) => `Too many attempts from this network. Try again in ${retry}.`,
      );
      if (tooMany) return { ok: false, errors: { form: tooMany } };
      const result = await completePasswordReset(db, token, parsed.data.password, { issuer: deps.issuer });
      if (result.ok) {
        // A new password also lifts a pause on the account's sign-ins.
        await limiter.reset(`login:account:${result.email}`);
        await clearFailedSignIns(db, result.email);
        return { ok: true };
      }
      if (result.reason === "invalid-link") {
        return {
          ok: false,
          linkExpired: true,
          errors: { form: "This reset link has expired or was already used. Ask for a new one." },
        };
      }
      return { ok: false, errors: { password: result.error.message } };
    },
  };
}

function fieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    const key = field === "email" || field === "name" || field === "password" || field === "confirm" ? field : "form";
    errors[key] ??= issue.message;
  }
  return errors;
}
