import { Form, data } from "react-router";
import { AuthHeading } from "../../components/auth/auth-heading.tsx";
import { Field, FormAlert, formMessage } from "../../components/ui/field.tsx";
import { buttonClasses } from "../../components/ui/button.tsx";
import { readForm } from "../../lib/actions.server.ts";
import { formText, hostedLogin } from "../../lib/hosted-login.server.ts";
import { privatePageMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/forgot-password";

export const meta: Route.MetaFunction = () => privatePageMeta("Reset your password");

export function loader({ context }: Route.LoaderArgs) {
  hostedLogin(context);
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request, context);
  const email = formText(form, "email")?.trim().slice(0, 320) ?? "";
  const outcome = await hostedLogin(context).requestPasswordReset({ email });
  if (outcome.ok) return { sent: true as const, email, errors: {} };
  return data({ sent: false as const, email, errors: outcome.errors }, { status: 400 });
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  if (actionData?.sent) {
    return (
      <div className="grid gap-4">
        <AuthHeading title="Check your email" />
        <FormAlert
          tone="success"
          message={`If an account uses ${actionData.email}, we have sent it a link to choose a new password.`}
        />
        <p className="text-base text-gray-700 dark:text-gray-300">
          The link works for 30 minutes. If nothing arrives in a few minutes, check your spam folder or ask again.
        </p>
        <a href="/auth/login?resume" className={buttonClasses("secondary", "lg")}>
          Back to sign in
        </a>
      </div>
    );
  }
  const errors = actionData?.errors ?? {};
  return (
    <div className="grid gap-6">
      <AuthHeading title="Reset your password">
        Enter the email address of your account and we will send you a link to choose a new password.
      </AuthHeading>
      <FormAlert message={formMessage(errors)} />
      <Form method="post" className="grid gap-5" noValidate>
        <Field
          label="Email address"
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={actionData?.email ?? ""}
          error={errors.email}
        />
        <button type="submit" className={buttonClasses("primary", "lg")}>
          Send the link
        </button>
      </Form>
      <a href="/auth/login?resume" className="text-base font-semibold text-bdblue-700 underline dark:text-bdblue-300">
        Back to sign in
      </a>
    </div>
  );
}
