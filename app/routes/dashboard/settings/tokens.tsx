import { Check, Copy, KeyRound } from "lucide-react";
import { useState } from "react";
import { Form } from "react-router";
import { failureFor } from "../../../components/dashboard/action-feedback.tsx";
import { ConfirmForm } from "../../../components/dashboard/confirm-form.tsx";
import { CsrfField } from "../../../components/dashboard/portal-context.tsx";
import { buttonClasses } from "../../../components/ui/button.tsx";
import { Field, FormAlert, SelectInput } from "../../../components/ui/field.tsx";
import type { ActionFailure } from "../../../lib/action-failure.ts";
import { formatDate, formatDateTime } from "../../../lib/format.ts";
import { optionsOf, type ResultOf } from "../../../lib/graphql.ts";
import { roleLabels } from "../users/words.ts";
import type { CreatedToken, TokensQuery } from "./queries.ts";
import { Section, Submit } from "./section.tsx";

type Token = ResultOf<typeof TokensQuery>["accessTokens"][number];
type Created = CreatedToken["created"];

/** How long a new token works; the server takes these and no others. */
const lifetimes = [
  { value: "7", label: "7 days" },
  { value: "30", label: "30 days" },
  { value: "90", label: "90 days" },
  { value: "365", label: "A year" },
];

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

export function Tokens({
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
                      : token.active
                        ? `Works until ${formatDate(token.expiresAt)}.`
                        : `Expired ${formatDate(token.expiresAt)}.`}{" "}
                    Last used {formatDateTime(token.lastUsedAt, "never")}.
                  </p>
                </div>
                {token.can.revoke ? (
                  <ConfirmForm
                    fields={{ intent: "revokeToken", id: token.id }}
                    label="Revoke"
                    pendingLabel="Revoking…"
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
          preventScrollReset
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
              options={optionsOf(roleLabels)}
              defaultValue={createFailure?.values.role ?? "viewer"}
              error={createFailure?.fields.role}
            />
            <SelectInput
              label="Works for"
              name="expiresInDays"
              options={lifetimes}
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
