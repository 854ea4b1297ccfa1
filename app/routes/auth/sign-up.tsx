import { Form, Link, data, redirect } from "react-router";
import { AuthHeading } from "../../components/auth/auth-heading.tsx";
import { Field, FormAlert, formMessage } from "../../components/ui/field.tsx";
import { buttonClasses } from "../../components/ui/button.tsx";
import { readForm } from "../../lib/actions.server.ts";
import { formText, hostedLogin } from "../../lib/hosted-login.server.ts";
import { privatePageMeta } from "../../lib/seo.ts";
import { site } from "../../lib/brand.ts";
import type { Route } from "./+types/sign-up";
import { ExpiredSignIn } from "./sign-in.tsx";

export const meta: Route.MetaFunction = () => privatePageMeta("Create an account");

export async function loader({ params, context }: Route.LoaderArgs) {
  const interaction = await hostedLogin(context).interaction(params.uid);
  if (interaction && !interaction.signupAllowed) throw redirect(`/idp/interaction/${interaction.uid}`);
  return { interaction };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await readForm(request, context);
  const name = formText(form, "name");
  const email = formText(form, "email");
  const outcome = await hostedLogin(context).signUp(params.uid, { name, email });
  if (outcome.ok) return { sent: true as const, email: outcome.email, errors: {}, name: "" };
  return data(
    {
      sent: false as const,
      errors: outcome.errors,
      name: name?.slice(0, 120) ?? "",
      email: email?.slice(0, 320) ?? "",
    },
    { status: 400 },
  );
}

/**
 * A new account is finished from an emailed link, where its owner chooses the password.
 * The page says the same whether or not the address already has an account: the mail
 * tells the owner which it is.
 */
export default function SignUp({ loaderData, actionData }: Route.ComponentProps) {
  const { interaction } = loaderData;
  if (!interaction) return <ExpiredSignIn />;
  if (actionData?.sent) {
    return (
      <div className="grid gap-4">
        <AuthHeading title="Check your email" />
        <FormAlert
          tone="success"
          message={`We have sent a message to ${actionData.email}. Open the link in it to choose your password and finish your account.`}
        />
        <p className="text-base text-gray-700 dark:text-gray-300">
          The link works for 24 hours. If you already have an account, the message says so and helps you sign in. If
          nothing arrives in a few minutes, check your spam folder.
        </p>
        <p className="text-base text-gray-700 dark:text-gray-300">
          When your password is chosen, come back to this page to sign in.
        </p>
        <Link to={`/idp/interaction/${interaction.uid}`} className={buttonClasses("secondary", "lg")}>
          Sign in
        </Link>
      </div>
    );
  }
  const errors = actionData?.errors ?? {};
  return (
    <div className="grid gap-6">
      <AuthHeading title={`Create your ${site.brand.name} account`}>
        New accounts can read the documentation. An administrator can give you more access. We will email you a link to
        choose your password.
      </AuthHeading>
      <FormAlert message={formMessage(errors)} />
      <Form method="post" className="grid gap-5" noValidate>
        <Field
          label="Your name"
          name="name"
          autoComplete="name"
          required
          maxLength={120}
          defaultValue={actionData?.name ?? ""}
          error={errors.name}
        />
        <Field
          label="Email address"
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={actionData?.email ?? interaction.loginHint ?? ""}
          error={errors.email}
        />
        <button type="submit" className={buttonClasses("primary", "lg")}>
          Create account
        </button>
      </Form>
      <p className="text-base text-gray-700 dark:text-gray-300">
        Already have an account?{" "}
        <Link
          to={`/idp/interaction/${interaction.uid}`}
          className="font-semibold text-bdblue-700 underline dark:text-bdblue-300"
        >
          Sign in
        </Link>
      </p>
    </div>
  );
}
