import { Form, useActionData, useSubmit } from "react-router";
import { failureFor, useFailureToast } from "../../../components/dashboard/action-feedback.tsx";
import { DashboardErrorBoundary } from "../../../components/dashboard/error-boundary.tsx";
import { usePortal } from "../../../components/dashboard/portal-context.tsx";
import { useSending } from "../../../components/dashboard/submit-button.tsx";
import { CheckboxInput, Field, FormAlert } from "../../../components/ui/field.tsx";
import { query } from "../../../lib/api.server.ts";
import { can } from "../../../lib/portal/nav.ts";
import { SectionNav } from "../../../components/dashboard/section-nav.tsx";
import type { ApiEnum } from "../../../lib/graphql.ts";
import { useHydrated } from "../../../lib/portal/hydrated.ts";
import { portalOf } from "../../../lib/portal/context.server.ts";
import { privatePageMeta } from "../../../lib/seo.ts";
import type { Route } from "./+types/profile";
import { settingsActions } from "./actions.server.ts";
import { Picture } from "./picture.tsx";
import { SettingsQuery, TokensQuery } from "./queries.ts";
import { RowFields, Section, Submit } from "./section.tsx";
import { Sessions } from "./sessions.tsx";
import { Tokens } from "./tokens.tsx";

export const meta: Route.MetaFunction = () => privatePageMeta("Your settings");

const colorModes = {
  light: "Light",
  dark: "Dark",
  system: "The same as my device",
} satisfies Record<ApiEnum<"ColorMode">, string>;

export async function loader({ context }: Route.LoaderArgs) {
  const data = await query(context, SettingsQuery, {});
  if (!data.viewer) throw new Response(null, { status: 401 });
  const readsTokens = can(portalOf(context).capabilities, "token", "read");
  const tokens = readsTokens ? (await query(context, TokensQuery, {})).accessTokens : null;
  return { viewer: data.viewer, tokens };
}

export async function action(args: Route.ActionArgs) {
  return settingsActions.action(args);
}

/** The signed-in person's own settings: profile, colour mode, notifications, tokens, sessions and password. */
export default function Settings({ loaderData }: Route.ComponentProps) {
  const { viewer, tokens } = loaderData;
  const result = useActionData<typeof action>();
  const failure = result && "intent" in result ? result : undefined;
  const created = result && "created" in result ? result.created : undefined;
  useFailureToast(failure);
  const { capabilities } = usePortal();
  const { user } = viewer;
  const submit = useSubmit();
  const hydrated = useHydrated();
  const savingColorMode = useSending("colorMode");
  const profile = failureFor(failure, "profile");
  const notifications = failureFor(failure, "notifications");
  return (
    <div className="grid gap-8">
      <SectionNav
        label="Settings sections"
        sections={[
          ["profile", "Profile"],
          ["appearance", "Colour mode"],
          ["notifications", "Email notifications"],
          ...(tokens ? ([["tokens", "Access tokens"]] as const) : []),
          ["sessions", "Signed-in browsers"],
          ["password", "Password"],
        ]}
      />

      <Section id="profile" title="Profile" description="How other people see you in the portal.">
        <Picture user={user} failure={failure} />
        <Form preventScrollReset method="post" className="grid gap-4" noValidate>
          <RowFields intent="profile" user={user} />
          <FormAlert message={profile?.message} />
          <Field
            label="Name"
            name="name"
            autoComplete="name"
            maxLength={120}
            defaultValue={profile?.values.name ?? user.name ?? ""}
            error={profile?.fields.name}
          />
          <Submit intent="profile">Save your profile</Submit>
        </Form>
      </Section>

      <Section
        id="appearance"
        title="Colour mode"
        description="Saved to your account, so it follows you to every browser you sign in from."
      >
        <Form preventScrollReset method="post" className="grid gap-4">
          <RowFields intent="colorMode" user={user} />
          <FormAlert message={failureFor(failure, "colorMode")?.message} />
          <fieldset className="grid gap-3">
            <legend className="sr-only">Colour mode</legend>
            {Object.entries(colorModes).map(([value, label]) => (
              <label key={value} className="flex min-h-11 items-center gap-3 text-base">
                <input
                  type="radio"
                  name="colorMode"
                  value={value}
                  defaultChecked={user.colorMode === value}
                  // A choice that is safe to apply at once: it is saved as it is picked.
                  onChange={(event) => {
                    if (event.currentTarget.form) void submit(event.currentTarget.form, { preventScrollReset: true });
                  }}
                  className="size-5 accent-bdblue-600 dark:accent-bdblue-400"
                />
                {label}
              </label>
            ))}
          </fieldset>
          {hydrated ? (
            <p className="text-sm text-gray-700 dark:text-gray-300" aria-live="polite">
              {savingColorMode ? "Saving…" : "A choice is saved as you make it."}
            </p>
          ) : (
            <Submit intent="colorMode">Save the colour mode</Submit>
          )}
        </Form>
      </Section>

      <Section id="notifications" title="Email notifications" description="Email we send you about your own account.">
        <Form preventScrollReset method="post" className="grid gap-4">
          <RowFields intent="notifications" user={user} />
          <FormAlert message={notifications?.message} />
          <CheckboxInput
            label="Changes to my account"
            hint="When an administrator changes your role, enables your account or signs out one of your browsers, and when a token is created for you."
            name="notifyAccountChanges"
            defaultChecked={user.notifyAccountChanges}
          />
          <CheckboxInput
            label="Sign-ins from a new browser"
            hint="When your account signs in from a browser it has not used lately."
            name="notifyNewSignIn"
            defaultChecked={user.notifyNewSignIn}
          />
          <Submit intent="notifications">Save the notification choices</Submit>
        </Form>
      </Section>

      {tokens ? (
        <Tokens tokens={tokens} failure={failure} created={created} canCreate={can(capabilities, "token", "create")} />
      ) : null}

      <Sessions viewer={viewer} failure={failure} />

      <Section id="password" title="Password">
        {viewer.passwordResetPath ? (
          <p className="text-base">
            To change your password, ask for a link by email:{" "}
            <a href={viewer.passwordResetPath} className="font-semibold text-bdblue-700 underline dark:text-bdblue-300">
              Change your password
            </a>
            . Using the link signs you out everywhere.
          </p>
        ) : (
          <p className="text-base">
            You sign in through your organization's sign-in provider: change your password there.
          </p>
        )}
      </Section>
    </div>
  );
}

export { DashboardErrorBoundary as ErrorBoundary };
