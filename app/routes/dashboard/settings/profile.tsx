import { Check, Copy, KeyRound } from "lucide-react";
import { useState, type ReactNode } from "react";
import { Form, useActionData, useNavigation } from "react-router";
import { failureFor, useFailureToast } from "../../../components/dashboard/action-feedback.tsx";
import { ConfirmForm } from "../../../components/dashboard/confirm-form.tsx";
import { DashboardErrorBoundary } from "../../../components/dashboard/error-boundary.tsx";
import { CsrfField, usePortal } from "../../../components/dashboard/portal-context.tsx";
import { Avatar } from "../../../components/dashboard/avatar.tsx";
import { buttonClasses } from "../../../components/ui/button.tsx";
import { CheckboxInput, Field, FormAlert, SelectInput } from "../../../components/ui/field.tsx";
import type { ActionFailure } from "../../../lib/action-failure.ts";
import { failed, readForm, succeeded, unknownIntent } from "../../../lib/actions.server.ts";
import { mutate, query } from "../../../lib/api.server.ts";
import { can } from "../../../lib/dashboard-nav.ts";
import { describeBrowser, formatDate, formatDateTime, withArticle } from "../../../lib/format.ts";
import { checked, integer, text } from "../../../lib/form-data.ts";
import { graphql, type ResultOf } from "../../../lib/graphql.ts";
import { oneOf } from "../../../lib/list-params.ts";
import { privatePageMeta } from "../../../lib/seo.ts";
import type { Route } from "./+types/profile";

export const meta: Route.MetaFunction = () => privatePageMeta("Your settings");

const SettingsQuery = graphql(`
  query MySettings {
    viewer {
      passwordResetPath
      sessionId
      user {
        id
        name
        email
        picture
        role
        version
        colorMode
        notifyAccountChanges
        notifyNewSignIn
        sessions {
          id
          createdAt
          lastSeenAt
          userAgent
          address
          current
        }
      }
      capabilityList {
        entity
        operation
        reach
      }
    }
  }
`);

const TokensQuery = graphql(`
  query MyTokens {
    accessTokens {
      id
      name
      prefix
      role
      createdAt
      expiresAt
      lastUsedAt
      revokedAt
    }
  }
`);

const UpdateProfile = graphql(`
  mutation UpdateProfile($input: UpdateProfileInput!) {
    updateProfile(input: $input) {
      name
    }
  }
`);

const UpdatePicture = graphql(`
  mutation UpdatePicture($input: UpdatePictureInput!) {
    updatePicture(input: $input) {
      picture
    }
  }
`);

const UpdatePreferences = graphql(`
  mutation UpdatePreferences($input: UpdatePreferencesInput!) {
    updatePreferences(input: $input) {
      colorMode
    }
  }
`);

const CreateToken = graphql(`
  mutation CreateToken($input: CreateTokenInput!) {
    createAccessToken(input: $input) {
      token
      record {
        name
        expiresAt
      }
    }
  }
`);

const RevokeToken = graphql(`
  mutation RevokeToken($id: ID!) {
    revokeAccessToken(id: $id) {
      name
    }
  }
`);

const RevokeSession = graphql(`
  mutation RevokeMySession($input: RevokeSessionInput!) {
    revokeSession(input: $input) {
      id
    }
  }
`);

const SignOutOthers = graphql(`
  mutation SignOutOthers {
    signOutOtherSessions
  }
`);

export async function loader({ context }: Route.LoaderArgs) {
  const data = await query(context, SettingsQuery, {});
  if (!data.viewer) throw new Response(null, { status: 401 });
  const readsTokens = data.viewer.capabilityList.some(
    (row) => row.entity === "token" && row.operation === "read" && row.reach !== "none",
  );
  const now = Date.now();
  const tokens = readsTokens
    ? (await query(context, TokensQuery, {})).accessTokens.map((token) => ({
        ...token,
        // Decided here, on the server's clock, so the page reads the same after hydration.
        usable: token.revokedAt === null && Date.parse(token.expiresAt) > now,
      }))
    : null;
  return { viewer: data.viewer, tokens };
}

const lifetimes = ["7", "30", "90", "365"] as const;

export async function action({ request, context, url }: Route.ActionArgs) {
  const form = await readForm(request);
  const intent = text(form, "intent") ?? "";
  const id = text(form, "id") ?? "";
  const version = integer(form, "version");
  switch (intent) {
    case "profile": {
      const outcome = await mutate(context, UpdateProfile, { input: { id, version, name: text(form, "name") } });
      return outcome.ok ? succeeded(context, url, { title: "Your profile is saved" }) : failed(intent, outcome, form);
    }
    case "picture": {
      const file = form.get("picture");
      // No file chosen arrives as an empty one: the API says to choose a picture (null would remove it).
      const picture = file instanceof File ? file : new File([], "");
      const outcome = await mutate(context, UpdatePicture, { input: { id, version, picture } });
      return outcome.ok ? succeeded(context, url, { title: "Your picture is saved" }) : failed(intent, outcome, form);
    }
    case "removePicture": {
      const outcome = await mutate(context, UpdatePicture, { input: { id, version, picture: null } });
      return outcome.ok ? succeeded(context, url, { title: "Your picture is removed" }) : failed(intent, outcome, form);
    }
    case "colorMode": {
      const colorMode = oneOf(text(form, "colorMode") ?? null, ["light", "dark", "system"] as const, "system");
      const outcome = await mutate(context, UpdatePreferences, { input: { id, version, colorMode } });
      return outcome.ok
        ? succeeded(context, url, { title: "Your colour mode is saved" })
        : failed(intent, outcome, form);
    }
    case "notifications": {
      const outcome = await mutate(context, UpdatePreferences, {
        input: {
          id,
          version,
          notifyAccountChanges: checked(form, "notifyAccountChanges"),
          notifyNewSignIn: checked(form, "notifyNewSignIn"),
        },
      });
      return outcome.ok
        ? succeeded(context, url, { title: "Your notification choices are saved" })
        : failed(intent, outcome, form);
    }
    case "createToken": {
      const outcome = await mutate(context, CreateToken, {
        input: {
          name: text(form, "name") ?? "",
          role: oneOf(text(form, "role") ?? null, ["admin", "editor", "viewer"] as const, "viewer"),
          expiresInDays: Number(oneOf(text(form, "expiresInDays") ?? null, lifetimes, "30")),
        },
      });
      if (!outcome.ok) return failed(intent, outcome, form);
      // The one exception to post/redirect/get: the token is shown once, on this answer,
      // and never travels in a redirect or a cookie.
      const { token, record } = outcome.data.createAccessToken;
      return { created: { token, name: record.name, expiresAt: record.expiresAt } };
    }
    case "revokeToken": {
      const outcome = await mutate(context, RevokeToken, { id });
      return outcome.ok
        ? succeeded(context, url, { title: `The token ${outcome.data.revokeAccessToken.name} is revoked` })
        : failed(intent, outcome, form);
    }
    case "revokeSession": {
      const outcome = await mutate(context, RevokeSession, {
        input: { userId: id, sessionId: text(form, "sessionId") ?? "" },
      });
      return outcome.ok
        ? succeeded(context, url, { title: "That browser is signed out" })
        : failed(intent, outcome, form);
    }
    case "signOutOthers": {
      const outcome = await mutate(context, SignOutOthers, {});
      if (!outcome.ok) return failed(intent, outcome, form);
      const count = outcome.data.signOutOtherSessions;
      return succeeded(context, url, {
        title:
          count === 0
            ? "No other browser was signed in"
            : `${count} other ${count === 1 ? "browser is" : "browsers are"} signed out`,
      });
    }
    default:
      return unknownIntent();
  }
}

type Viewer = ResultOf<typeof SettingsQuery>["viewer"];
type Token = ResultOf<typeof TokensQuery>["accessTokens"][number] & { usable: boolean };
type Created = { name: string; expiresAt: string; token: string };

function Section({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className="grid min-w-0 scroll-mt-24 gap-4 rounded-2xl p-6 ring-1 ring-gray-200 dark:ring-gray-800"
    >
      <div className="grid gap-1">
        <h2 id={`${id}-title`} className="text-xl font-semibold">
          {title}
        </h2>
        {description ? <p className="text-base text-gray-700 dark:text-gray-300">{description}</p> : null}
      </div>
      {children}
    </section>
  );
}

function Submit({ intent, children }: { intent: string; children: ReactNode }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return (
    <div>
      <button type="submit" className={buttonClasses("primary", "md")} disabled={busy}>
        {busy ? "Saving…" : children}
      </button>
    </div>
  );
}

function Hidden({ intent, user }: { intent: string; user: { id: string; version: number } }) {
  return (
    <>
      <CsrfField />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={user.id} />
      <input type="hidden" name="version" value={user.version} />
    </>
  );
}

/** What the browser offers to pick; the server decides by the file's content all the same. */
const pictureTypes = "image/jpeg,image/png,image/webp,image/gif,image/avif";
const pictureLimit = 5 * 1024 * 1024;
const pictureTooLarge = "That picture is larger than 5 MB: choose a smaller one.";

function Picture({ user, failure }: { user: NonNullable<Viewer>["user"]; failure: ActionFailure | undefined }) {
  const upload = failureFor(failure, "picture");
  const removal = failureFor(failure, "removePicture");
  // Said before sending, so no one waits for 5 MB to travel only to be told it is too large.
  const [tooLarge, setTooLarge] = useState(false);
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center gap-4">
        <Avatar person={user} size="large" />
        <p className="min-w-0 flex-1 text-base text-gray-700 dark:text-gray-300">
          {user.picture ? "Your picture." : "Your initials stand in for a picture."} You are signed in as{" "}
          <span className="break-all">{user.email}</span>, as {withArticle(user.role)}.
        </p>
      </div>
      <FormAlert message={removal?.message} />
      <Form
        method="post"
        encType="multipart/form-data"
        className="grid gap-4"
        noValidate
        onSubmit={(event) => {
          if (!tooLarge) return;
          event.preventDefault();
          event.currentTarget.querySelector<HTMLInputElement>('input[type="file"]')?.focus();
        }}
      >
        <Hidden intent="picture" user={user} />
        <FormAlert message={upload?.message} />
        <Field
          type="file"
          label={user.picture ? "A new picture" : "Picture"}
          hint="A JPEG, PNG, WebP, GIF or AVIF image up to 5 MB. It is cropped to a square around its subject."
          name="picture"
          accept={pictureTypes}
          error={tooLarge ? pictureTooLarge : upload?.fields.picture}
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            setTooLarge(file !== undefined && file.size > pictureLimit);
          }}
        />
        <Submit intent="picture">Upload the picture</Submit>
      </Form>
      {user.picture ? (
        <div>
          <ConfirmForm
            fields={{ intent: "removePicture", id: user.id, version: user.version }}
            label="Remove your picture"
            title="Remove your picture?"
            description="Your initials stand in for it, here and in the portal's menus."
            confirmLabel="Remove"
          />
        </div>
      ) : null}
    </div>
  );
}

function NewToken({ created }: { created: Created }) {
  const [copied, setCopied] = useState(false);
  return (
    <div
      role="status"
      className="grid gap-3 rounded-xl border-l-4 border-emerald-600 bg-emerald-50 p-4 text-emerald-950 dark:bg-emerald-950 dark:text-emerald-50"
    >
      <p className="text-base font-semibold">
        The token {created.name} works until {formatDate(created.expiresAt)}. Copy it now: it is never shown again.
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <code className="rounded-md bg-white px-3 py-2 font-mono text-sm break-all text-gray-950 ring-1 ring-emerald-600/40 dark:bg-gray-900 dark:text-white">
          {created.token}
        </code>
        <button
          type="button"
          className={buttonClasses("secondary", "md")}
          onClick={() => {
            void navigator.clipboard.writeText(created.token).then(() => setCopied(true));
          }}
        >
          {copied ? <Check aria-hidden="true" className="size-4" /> : <Copy aria-hidden="true" className="size-4" />}
          {copied ? "Copied" : "Copy the token"}
        </button>
      </div>
      <p className="text-sm">
        Send it as <code className="font-mono">Authorization: Bearer …</code> to{" "}
        <code className="font-mono">/graphql</code>.
      </p>
    </div>
  );
}

function Tokens({
  tokens,
  failure,
  created,
  canCreate,
}: {
  tokens: Token[];
  failure: ActionFailure | undefined;
  created: Created | undefined;
  canCreate: boolean;
}) {
  const createFailure = failureFor(failure, "createToken");
  return (
    <Section
      id="tokens"
      title="Personal access tokens"
      description="For scripts that use the portal's API. A token acts for you, with the role you give it (never more than yours), until it expires or you revoke it."
    >
      {created ? <NewToken created={created} /> : null}
      <FormAlert message={failureFor(failure, "revokeToken")?.message} />
      {tokens.length === 0 ? (
        <p className="text-base text-gray-700 dark:text-gray-300">You have no tokens.</p>
      ) : (
        <ul className="grid gap-3">
          {tokens.map((token) => {
            return (
              <li
                key={token.id}
                className="flex flex-wrap items-center justify-between gap-3 rounded-xl px-4 py-3 ring-1 ring-gray-200 dark:ring-gray-800"
              >
                <div>
                  <p className="flex items-center gap-2 font-semibold">
                    <KeyRound aria-hidden="true" className="size-4" /> {token.name}{" "}
                    <code className="font-mono text-sm font-normal">{token.prefix}…</code>
                  </p>
                  <p className="text-sm text-gray-700 dark:text-gray-300">
                    Role {token.role}.{" "}
                    {token.revokedAt
                      ? `Revoked ${formatDateTime(token.revokedAt)}.`
                      : token.usable
                        ? `Works until ${formatDate(token.expiresAt)}.`
                        : `Expired ${formatDate(token.expiresAt)}.`}{" "}
                    Last used {formatDateTime(token.lastUsedAt, "never")}.
                  </p>
                </div>
                {token.usable ? (
                  <ConfirmForm
                    fields={{ intent: "revokeToken", id: token.id }}
                    label="Revoke"
                    accessibleLabel={`Revoke the token ${token.name}`}
                    title={`Revoke the token ${token.name}?`}
                    description="Scripts that use it stop working at once. This cannot be undone."
                    confirmLabel="Revoke"
                  />
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      {canCreate ? (
        <Form
          key={created?.token}
          method="post"
          className="grid gap-4 rounded-xl bg-gray-50 p-4 dark:bg-gray-900"
          noValidate
        >
          <CsrfField />
          <input type="hidden" name="intent" value="createToken" />
          <h3 className="text-lg font-semibold">Create a token</h3>
          <FormAlert message={createFailure?.message} />
          <div className="grid gap-4 md:grid-cols-3">
            <Field
              label="Name"
              hint="What will use it, e.g. the nightly export"
              name="name"
              required
              defaultValue={createFailure?.values.name ?? ""}
              error={createFailure?.fields.name}
            />
            <SelectInput
              label="Role"
              hint="At most your own role"
              name="role"
              options={[
                { value: "viewer", label: "Viewer" },
                { value: "editor", label: "Editor" },
                { value: "admin", label: "Admin" },
              ]}
              defaultValue={createFailure?.values.role ?? "viewer"}
              error={createFailure?.fields.role}
            />
            <SelectInput
              label="Works for"
              name="expiresInDays"
              options={lifetimes.map((days) => ({ value: days, label: days === "365" ? "A year" : `${days} days` }))}
              defaultValue={createFailure?.values.expiresInDays ?? "30"}
              error={createFailure?.fields.expiresInDays}
            />
          </div>
          <Submit intent="createToken">Create the token</Submit>
        </Form>
      ) : null}
    </Section>
  );
}

function Sessions({ viewer, failure }: { viewer: NonNullable<Viewer>; failure: ActionFailure | undefined }) {
  const { user } = viewer;
  const others = user.sessions.filter((session) => !session.current);
  return (
    <Section
      id="sessions"
      title="Signed-in browsers"
      description="Where your account is signed in now. Sign out any you do not recognise, then change your password."
    >
      <FormAlert
        message={failureFor(failure, "revokeSession")?.message ?? failureFor(failure, "signOutOthers")?.message}
      />
      <ul className="grid gap-3">
        {user.sessions.map((session) => (
          <li
            key={session.id}
            className="flex flex-wrap items-center justify-between gap-3 rounded-xl px-4 py-3 ring-1 ring-gray-200 dark:ring-gray-800"
          >
            <div>
              <p className="font-semibold">
                {describeBrowser(session.userAgent)}
                {session.current ? " (this browser)" : ""}
              </p>
              <p className="text-sm text-gray-700 dark:text-gray-300">
                Signed in {formatDateTime(session.createdAt)}, last used {formatDateTime(session.lastSeenAt)}
                {session.address ? ` from ${session.address}` : ""}
              </p>
            </div>
            {session.current ? null : (
              <ConfirmForm
                fields={{ intent: "revokeSession", id: user.id, sessionId: session.id }}
                label="Sign out"
                accessibleLabel={`Sign out ${describeBrowser(session.userAgent)}, last used ${formatDateTime(session.lastSeenAt)}`}
                title="Sign out that browser?"
                description="Whoever uses it will have to sign in again."
                confirmLabel="Sign out"
              />
            )}
          </li>
        ))}
      </ul>
      {others.length > 0 ? (
        <div>
          <ConfirmForm
            fields={{ intent: "signOutOthers" }}
            label="Sign out of all other browsers"
            title="Sign out of all other browsers?"
            description={`${others.length} other ${others.length === 1 ? "browser" : "browsers"} will have to sign in again. This one stays signed in.`}
            confirmLabel="Sign them out"
            variant="primary"
          />
        </div>
      ) : null}
    </Section>
  );
}

/** The signed-in person's own settings: profile, colour mode, notifications, tokens, sessions and password. */
export default function Settings({ loaderData }: Route.ComponentProps) {
  const { viewer, tokens } = loaderData;
  const result = useActionData<typeof action>();
  const failure = result && "intent" in result ? result : undefined;
  const created: Created | undefined = result && "created" in result ? result.created : undefined;
  useFailureToast(failure);
  const { capabilities } = usePortal();
  const { user } = viewer;
  const profile = failureFor(failure, "profile");
  const notifications = failureFor(failure, "notifications");
  return (
    <div className="grid gap-8">
      <nav aria-label="Settings sections" className="flex flex-wrap gap-2 text-base">
        {[
          ["profile", "Profile"],
          ["appearance", "Colour mode"],
          ["notifications", "Email notifications"],
          ...(tokens ? [["tokens", "Access tokens"]] : []),
          ["sessions", "Signed-in browsers"],
          ["password", "Password"],
        ].map(([id, label]) => (
          <a
            key={id}
            href={`#${id}`}
            className="rounded-lg px-3 py-2 font-semibold text-bdblue-700 underline-offset-2 ring-1 ring-gray-200 hover:underline dark:text-bdblue-300 dark:ring-gray-800"
          >
            {label}
          </a>
        ))}
      </nav>

      <Section id="profile" title="Profile" description="How other people see you in the portal.">
        <Picture user={user} failure={failure} />
        <Form method="post" className="grid gap-4" noValidate>
          <Hidden intent="profile" user={user} />
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
        <Form method="post" className="grid gap-4">
          <Hidden intent="colorMode" user={user} />
          <fieldset className="grid gap-3">
            <legend className="sr-only">Colour mode</legend>
            {(
              [
                ["light", "Light"],
                ["dark", "Dark"],
                ["system", "The same as my device"],
              ] as const
            ).map(([value, label]) => (
              <label key={value} className="flex min-h-11 items-center gap-3 text-base">
                <input
                  type="radio"
                  name="colorMode"
                  value={value}
                  defaultChecked={user.colorMode === value}
                  className="size-5 accent-bdblue-600 dark:accent-bdblue-400"
                />
                {label}
              </label>
            ))}
          </fieldset>
          <Submit intent="colorMode">Save the colour mode</Submit>
        </Form>
      </Section>

      <Section id="notifications" title="Email notifications" description="Email we send you about your own account.">
        <Form method="post" className="grid gap-4">
          <Hidden intent="notifications" user={user} />
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
