import { Form, data } from "react-router";
import { AuthHeading } from "../../components/auth/auth-heading.tsx";
import { Field, FormAlert, formMessage } from "../../components/ui/field.tsx";
import { buttonClasses } from "../../components/ui/button.tsx";
import { readForm } from "../../lib/actions.server.ts";
import { formText, hostedLogin } from "../../lib/hosted-login.server.ts";
import { privatePageMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/reset-password";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  privatePageMeta(loaderData.reset?.firstPassword ? "Choose your password" : "Choose a new password");

export async function loader({ params, context }: Route.LoaderArgs) {
  return { reset: await hostedLogin(context).passwordResetFor(params.token) };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await readForm(request, context);
  const hosted = hostedLogin(context);
  // Asked before the link is used up: the page after says "ready" to a new account.
  const firstPassword = (await hosted.passwordResetFor(params.token))?.firstPassword ?? false;
  const outcome = await hosted.resetPassword(params.token, {
    password: formText(form, "password"),
    confirm: formText(form, "confirm"),
  });
  if (outcome.ok) return { done: true as const, firstPassword, errors: {}, linkExpired: false };
  return data(
    { done: false as const, firstPassword, errors: outcome.errors, linkExpired: outcome.linkExpired ?? false },
    { status: 400 },
  );
}

function ExpiredLink({ message }: { message?: string | undefined }) {
  return (
    <div className="grid gap-4">
      <AuthHeading title="This link no longer works" />
      <p className="text-base text-gray-700 dark:text-gray-300">
        {message ?? "Reset links work once, for 30 minutes, and only the newest one works."} You can ask for a new one.
      </p>
      <a href="/idp/password/forgot" className={buttonClasses("primary", "lg")}>
        Ask for a new link
      </a>
    </div>
  );
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const first = actionData?.firstPassword ?? loaderData.reset?.firstPassword ?? false;
  if (actionData?.done) {
    return (
      <div className="grid gap-4">
        <AuthHeading title={first ? "Your account is ready" : "Your password is changed"} />
        <FormAlert
          tone="success"
          message={
            first
              ? "Sign in with your email address and this password."
              : "Use your new password the next time you sign in."
          }
        />
        <a href="/auth/login?resume" className={buttonClasses("primary", "lg")}>
          Sign in
        </a>
      </div>
    );
  }
  if (!loaderData.reset || actionData?.linkExpired) return <ExpiredLink />;
  const errors = actionData?.errors ?? {};
  return (
    <div className="grid gap-6">
      <AuthHeading title={first ? "Choose your password" : "Choose a new password"}>
        For the account {loaderData.reset.email}.
      </AuthHeading>
      <FormAlert message={formMessage(errors)} />
      <Form method="post" className="grid gap-5" noValidate>
        <input type="text" name="username" autoComplete="username" value={loaderData.reset.email} readOnly hidden />
        <Field
          label={first ? "Password" : "New password"}
          name="password"
          type="password"
          autoComplete="new-password"
          hint="At least 12 characters."
          required
          minLength={12}
          error={errors.password}
        />
        <Field
          label="Type it again"
          name="confirm"
          type="password"
          autoComplete="new-password"
          required
          error={errors.confirm}
        />
        <button type="submit" className={buttonClasses("primary", "lg")}>
          {first ? "Save the password" : "Save the new password"}
        </button>
      </Form>
    </div>
  );
}
