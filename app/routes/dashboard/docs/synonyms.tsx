import { Form, Link, useLocation } from "react-router";
import { failureFor } from "../../../components/dashboard/action-feedback.tsx";
import { ConfirmForm } from "../../../components/dashboard/confirm-form.tsx";
import { EmptyState } from "../../../components/dashboard/list.tsx";
import { CsrfField } from "../../../components/dashboard/portal-context.tsx";
import { SubmitButton } from "../../../components/dashboard/submit-button.tsx";
import { buttonClasses } from "../../../components/ui/button.tsx";
import { Field, FormAlert } from "../../../components/ui/field.tsx";
import { rememberFocusAnchor } from "../../../components/ui/focus-anchor.ts";
import type { ActionFailure } from "../../../lib/action-failure.ts";
import type { ResultOf } from "../../../lib/graphql.ts";
import { withParams } from "../../../lib/list-params.ts";
import type { SearchSynonymsQuery } from "./queries.ts";

export type SynonymGroup = ResultOf<typeof SearchSynonymsQuery>["searchSynonyms"][number];

const termsHint = "Separate the terms with commas. A term may be a few words, like quality control.";

/**
 * The docs search's synonyms: each group as its terms, with Edit (the row becomes its
 * form, `?edit=` in the address, so it works as a link) and Delete; below, a form for a
 * new group. Spellings with hyphens and spaces need no group: the search finds them.
 */
export function SearchSynonyms({
  groups,
  editing,
  failure,
  canCreate,
}: {
  groups: readonly SynonymGroup[];
  editing: string | undefined;
  failure: ActionFailure | undefined;
  canCreate: boolean;
}) {
  const added = failureFor(failure, "addSynonyms");
  return (
    <section aria-labelledby="synonyms-heading" className="grid gap-4">
      <div className="grid gap-1">
        <h2 id="synonyms-heading" className="text-xl font-semibold">
          Search synonyms
        </h2>
        <p className="max-w-prose text-base text-gray-700 dark:text-gray-300">
          A search for one term of a group also finds pages with the others: readers type “wireless” where the docs say
          Wi-Fi. Spellings with hyphens and spaces (Wi-Fi, wifi, wi fi) and small typos are found without a group.
        </p>
      </div>
      <FormAlert message={failureFor(failure, "deleteSynonyms")?.message} />
      {groups.length === 0 ? (
        <EmptyState title="No synonyms yet">
          <p>Add the first group below: the words readers use for what the docs call by another name.</p>
        </EmptyState>
      ) : (
        <ul className="grid gap-2" aria-label="Synonym groups">
          {groups.map((group) => (
            <li
              key={group.id}
              className="flex flex-wrap items-center justify-between gap-3 rounded-xl px-4 py-3 ring-1 ring-gray-200 dark:ring-gray-800"
            >
              {editing === group.id && group.can.update ? (
                <EditGroup group={group} failure={failureFor(failure, "saveSynonyms")} />
              ) : (
                <ShowGroup group={group} />
              )}
            </li>
          ))}
        </ul>
      )}
      {canCreate ? (
        <Form
          method="post"
          preventScrollReset
          noValidate
          className="grid gap-3 rounded-xl bg-gray-50 p-4 dark:bg-gray-900"
        >
          <CsrfField />
          <input type="hidden" name="intent" value="addSynonyms" />
          <h3 className="text-lg font-semibold">Add a group</h3>
          <FormAlert message={added?.message} />
          <Field
            label="Terms"
            hint={termsHint}
            name="terms"
            placeholder="wifi, wireless, wlan"
            defaultValue={added?.values.terms ?? ""}
            error={added?.fields.terms}
          />
          <div>
            <SubmitButton intent="addSynonyms" pendingLabel="Adding…">
              Add the group
            </SubmitButton>
          </div>
        </Form>
      ) : null}
    </section>
  );
}

function ShowGroup({ group }: { group: SynonymGroup }) {
  const { search } = useLocation();
  const named = group.terms.join(", ");
  return (
    <>
      <ul className="flex flex-wrap gap-1.5" aria-label={`Synonyms: ${named}`}>
        {group.terms.map((term) => (
          <li
            key={term}
            className="rounded-full bg-gray-100 px-2.5 py-0.5 text-sm font-medium text-gray-900 dark:bg-gray-800 dark:text-gray-100"
          >
            {term}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        {group.can.update ? (
          <Link
            to={{ search: withParams(search, { edit: group.id }) }}
            preventScrollReset
            className={buttonClasses("secondary", "md")}
            aria-label={`Edit the synonyms ${named}`}
          >
            Edit
          </Link>
        ) : null}
        {group.can.delete ? (
          <ConfirmForm
            fields={{ intent: "deleteSynonyms", id: group.id, version: group.version }}
            label="Delete"
            pendingLabel="Deleting…"
            accessibleLabel={`Delete the synonyms ${named}`}
            title="Delete these synonyms?"
            description={`A search for one of ${named} will no longer find pages with the others.`}
            confirmLabel="Delete them"
            cancelLabel="Keep them"
          />
        ) : null}
      </div>
    </>
  );
}

function EditGroup({ group, failure }: { group: SynonymGroup; failure: ActionFailure | undefined }) {
  const { search } = useLocation();
  const mine = failure?.values.id === group.id ? failure : undefined;
  return (
    <Form method="post" preventScrollReset noValidate className="grid w-full gap-3">
      <CsrfField />
      <input type="hidden" name="intent" value="saveSynonyms" />
      <input type="hidden" name="id" value={group.id} />
      <input type="hidden" name="version" value={group.version} />
      <FormAlert message={mine?.message} />
      <Field
        label="Terms"
        hint={termsHint}
        name="terms"
        // The row has just turned into this form: the person came here to type.
        // eslint-disable-next-line jsx-a11y/no-autofocus -- focus follows the Edit they chose
        autoFocus
        defaultValue={mine?.values.terms ?? group.terms.join(", ")}
        error={mine?.fields.terms}
      />
      <div className="flex flex-wrap gap-2">
        <SubmitButton intent="saveSynonyms" id={group.id}>
          Save
        </SubmitButton>
        <Link
          to={{ search: withParams(search, { edit: null }) }}
          preventScrollReset
          className={buttonClasses("secondary", "md")}
          // The form goes with its Cancel: focus stays on the group's row.
          onClick={(event) => rememberFocusAnchor(event.currentTarget)}
        >
          Cancel
        </Link>
      </div>
    </Form>
  );
}
