import { Form, Link, data, redirect } from "react-router";
import { AuthHeading } from "../../components/auth/auth-heading.tsx";
import { Field, FormAlert, formMessage } from "../../components/ui/field.tsx";
import { buttonClasses } from "../../components/ui/button.tsx";
import { readForm } from "../../lib/actions.server.ts";
import { formText, hostedLogin } from "../../lib/hosted-login.server.ts";
import { privatePageMeta } from "../../lib/seo.ts";
import { site } from "../../lib/brand.ts";
import type { Route } from "./+types/sign-in";

export const meta: Route.MetaFunction = () => privatePageMeta("Sign in");

export async function loader({ params, context }: Route.LoaderArgs) {
  return { interaction: await hostedLogin(context).interaction(params.uid) };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await readForm(request, context);
  const email = formText(form, "email");
  const outcome = await hostedLogin(context).signIn(params.uid, { email, password: formText(form, "password") });
  if (outcome.ok) return redirect(outcome.redirectTo, 303);
  return data({ errors: outcome.errors, email: email?.slice(0, 320) ?? "" }, { status: 400 });
}

export function ExpiredSignIn() {
  return (
    <div className="grid gap-4">
      <AuthHeading title="This sign-in page has expired" />
      <p className="text-base text-gray-700 dark:text-gray-300">
        Sign-in pages work for 30 minutes, in the browser that opened them. Start again and you will be back here in a
        moment.
      </p>
      <a href="/auth/login?resume" className={buttonClasses("primary", "lg")}>
        Start signing in again
      </a>
    </div>
  );
}

/** The embedded provider's hosted login: email and password, with sign-up and reset nearby. */
export default function SignIn({ loaderData, actionData }: Route.ComponentProps) {
  const { interaction } = loaderData;
  if (!interaction) return <ExpiredSignIn />;
  const errors = actionData?.errors ?? {};
  return (
    <div className="grid gap-6">
      <AuthHeading title={`Sign in to ${site.brand.name}`}>
        For staff, partners and customers with a {site.brand.name} account.
      </AuthHeading>
      <FormAlert message={formMessage(errors)} />
      <Form method="post" className="grid gap-5" noValidate>
        <Field
          label="Email address"
          name="email"
          type="email"
          autoComplete="username"
          required
          defaultValue={actionData?.email ?? interaction.loginHint ?? ""}
          error={errors.email}
        />
        <Field
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          error={errors.password}
        />
        <button type="submit" className={buttonClasses("primary", "lg")}>
          Sign in
        </button>
      </Form>
      <div className="grid gap-2 text-base">
        <Link to="/idp/password/forgot" className="font-semibold text-bdblue-700 underline dark:text-bdblue-300">
          Forgot your password?
        </Link>
        {interaction.signupAllowed ? (
          <p className="text-gray-700 dark:text-gray-300">
            New here?{" "}
            <Link
              to={`/idp/interaction/${interaction.uid}/signup`}
              className="font-semibold text-bdblue-700 underline dark:text-bdblue-300"
            >
              Create an account
            </Link>
          </p>
        ) : null}
      </div>
    </div>
  );
}
