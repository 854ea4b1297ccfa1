import { z } from "zod";
import { oneLine, requiredLine } from "../domain/core/fields.ts";

/**
 * The identity provider's hosted forms, as the server reads them: each field one-line text
 * (ADR 041), passwords too. Declared here, once, so the hosted pages' handlers and
 * `server/graphql/text-kinds.test.ts` read the same fields.
 */

const email = oneLine("your email address", { error: "Enter your email address." })
  .trim()
  .min(1, "Enter your email address.")
  .max(320, "That email address is too long.")
  .pipe(z.email("Enter a valid email address, like name@example.com."));

export const idpForms = {
  signIn: z.object({
    email,
    password: oneLine("your password", { error: "Enter your password." })
      .max(256, "Use at most 256 characters.")
      .min(1, "Enter your password."),
  }),
  signUp: z.object({ name: requiredLine("your name", 120, "Enter your name."), email }),
  requestPasswordReset: z.object({ email }),
  resetPassword: z.object({
    password: oneLine("the new password", { error: "Choose a new password." }).max(256, "Use at most 256 characters."),
    confirm: oneLine("the repeated password", { error: "Type the new password again." }),
  }),
};
