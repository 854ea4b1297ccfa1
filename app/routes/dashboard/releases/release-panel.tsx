import { currentProduct } from "../../../../shared/product-line.ts";
import { useId } from "react";
import { Form } from "react-router";
import { failureFor } from "../../../components/dashboard/action-feedback.tsx";
import { ConfirmForm } from "../../../components/dashboard/confirm-form.tsx";
import { CsrfField } from "../../../components/dashboard/portal-context.tsx";
import { SubmitButton } from "../../../components/dashboard/submit-button.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { Field, FormAlert, SelectInput, TextAreaInput } from "../../../components/ui/field.tsx";
import { fieldProps, type ActionFailure } from "../../../lib/action-failure.ts";
import { formatBytes } from "../../../lib/file-choice.ts";
import { optionsOf } from "../../../lib/graphql.ts";
import type { ReleaseItem } from "./release-card.tsx";
import { channelLabels, productLabels } from "./words.ts";

export type DownloadChoice = { id: string; name: string; size: number };

/**
 * A release (or a new one) in a side panel: product, channel, version, date, notes in
 * markdown (rendered and sanitized on the server when saved) and the downloads, chosen
 * from the media library's PDFs and archives. Publishing and deleting are at the foot.
 */
export default function ReleasePanel({
  release,
  choices,
  failure,
  onClose,
}: {
  release: ReleaseItem | null;
  choices: DownloadChoice[];
  failure: ActionFailure | undefined;
  onClose: () => void;
}) {
  const formId = useId();
  const intent = release ? "update" : "create";
  const formFailure = failureFor(failure, intent);
  // After a refused save, what was ticked then; otherwise the release's downloads.
  const chosen = new Set(
    formFailure
      ? (formFailure.values.assetIds?.split("\n") ?? [])
      : (release?.assets.map((asset) => asset.mediaId) ?? []),
  );
  // A chosen file that is not among the newest 50 stays offered, so saving keeps it.
  const offered = [
    ...choices,
    ...(release?.assets ?? [])
      .filter((asset) => !choices.some((choice) => choice.id === asset.mediaId))
      .map((asset) => ({ id: asset.mediaId, name: asset.name, size: asset.size })),
  ];
  const today = new Date().toISOString().slice(0, 10);
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={release ? `Edit ${release.name}` : "Add a release"}
      description={
        release ? (release.published ? "Published" : "Draft") : "Saved as a draft; publish it when it is ready."
      }
      variant="side"
      footer={
        <div className="flex flex-wrap items-center justify-end gap-3">
          <SubmitButton intent={intent} id={release?.id} form={formId}>
            {release ? "Save changes" : "Add as a draft"}
          </SubmitButton>
        </div>
      }
    >
      <div className="grid gap-8">
        <Form id={formId} method="post" preventScrollReset noValidate className="grid gap-5">
          <CsrfField />
          <input type="hidden" name="intent" value={intent} />
          {release ? (
            <>
              <input type="hidden" name="id" value={release.id} />
              <input type="hidden" name="version" value={release.version} />
            </>
          ) : null}
          <FormAlert message={formFailure?.message} />
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectInput
              label="Product"
              options={optionsOf(productLabels)}
              {...fieldProps(formFailure, "product", release?.product ?? currentProduct)}
            />
            <SelectInput
              label="Channel"
              hint="Beta goes to test sites only."
              options={optionsOf(channelLabels)}
              {...fieldProps(formFailure, "channel", release?.channel ?? "stable")}
            />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              label="Version"
              hint="Like 5.2.1; a beta may add a label: 5.3.0-beta.1."
              required
              autoComplete="off"
              {...fieldProps(formFailure, "versionNumber", release?.versionNumber)}
            />
            <Field
              label="Release date"
              type="date"
              required
              {...fieldProps(formFailure, "releasedOn", release?.releasedOn ?? today)}
            />
          </div>
          <TextAreaInput
            label="Notes"
            hint="Markdown: ## headings, - lists, `code`, [links](https://…), and images from the media library as ![what it shows](/media/<id>). Required to publish."
            rows={10}
            {...fieldProps(formFailure, "notes", release?.notes)}
          />
          <fieldset className="grid gap-2" aria-describedby={`${formId}-downloads-hint`}>
            <legend className="text-base font-semibold">Downloads</legend>
            <p id={`${formId}-downloads-hint`} className="text-sm text-gray-600 dark:text-gray-300">
              PDFs and archives from the media library (upload them there first). At least one is required to publish.
            </p>
            {formFailure?.fields.assetIds ? (
              <p className="text-sm font-medium text-red-700 dark:text-red-300">{formFailure.fields.assetIds}</p>
            ) : null}
            {offered.length === 0 ? (
              <p className="text-sm text-gray-700 dark:text-gray-300">The media library has no PDFs or archives yet.</p>
            ) : (
              <ul className="grid max-h-72 gap-1 overflow-y-auto rounded-lg border border-gray-300 p-2 dark:border-gray-700">
                {offered.map((choice) => (
                  <li key={choice.id}>
                    <label className="flex min-h-11 items-center gap-3 rounded-md px-2 hover:bg-gray-50 dark:hover:bg-gray-800">
                      <input
                        type="checkbox"
                        name="assetIds"
                        value={choice.id}
                        defaultChecked={chosen.has(choice.id)}
                        className="size-5"
                      />
                      <span className="wrap-anywhere">{choice.name}</span>
                      <span className="ml-auto text-sm whitespace-nowrap text-gray-700 dark:text-gray-300">
                        {formatBytes(choice.size)}
                      </span>
                    </label>
                  </li>
                ))}
              </ul>
            )}
          </fieldset>
        </Form>
        {release ? <Publishing release={release} failure={failure} /> : null}
      </div>
    </Dialog>
  );
}

function Publishing({ release, failure }: { release: ReleaseItem; failure: ActionFailure | undefined }) {
  const publishFailure = failureFor(failure, "publish");
  return (
    <>
      <section aria-labelledby="release-publishing" className="grid gap-3">
        <h3 id="release-publishing" className="text-lg font-semibold">
          {release.published ? "Published" : "Publishing"}
        </h3>
        <p className="text-base text-gray-700 dark:text-gray-300">
          {release.published
            ? "Everyone signed in sees it; a stable release is in the public feeds too. Unpublishing takes it back to a draft at once."
            : "Published, everyone signed in sees it (and, if stable, the public feeds list it). It needs notes and a download."}
        </p>
        <FormAlert message={publishFailure?.message} />
        <Form method="post" preventScrollReset>
          <CsrfField />
          <input type="hidden" name="intent" value={release.published ? "unpublish" : "publish"} />
          <input type="hidden" name="id" value={release.id} />
          <input type="hidden" name="version" value={release.version} />
          {release.published ? (
            <SubmitButton intent="unpublish" id={release.id} variant="secondary" pendingLabel="Unpublishing…">
              Unpublish
            </SubmitButton>
          ) : (
            <SubmitButton intent="publish" id={release.id} pendingLabel="Publishing…">
              Publish
            </SubmitButton>
          )}
        </Form>
      </section>
      {release.can.delete ? (
        <section
          aria-labelledby="delete-release"
          className="grid gap-3 rounded-xl border border-red-300 p-4 dark:border-red-800"
        >
          <h3 id="delete-release" className="text-lg font-semibold text-red-800 dark:text-red-200">
            Delete this release
          </h3>
          <p className="text-base text-gray-700 dark:text-gray-300">
            Its files stay in the media library. The activity log keeps a record of it.
          </p>
          <FormAlert message={failureFor(failure, "delete")?.message} />
          <div>
            <ConfirmForm
              fields={{ intent: "delete", id: release.id, version: release.version }}
              label={`Delete ${release.name}`}
              pendingLabel="Deleting…"
              title={`Delete ${release.name}?`}
              description="This cannot be undone. Its files stay in the media library."
              confirmLabel="Delete"
              cancelLabel="Keep the release"
            />
          </div>
        </section>
      ) : null}
    </>
  );
}
