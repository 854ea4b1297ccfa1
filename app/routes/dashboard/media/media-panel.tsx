import { Download, ExternalLink } from "lucide-react";
import { useId } from "react";
import { Form, Link } from "react-router";
import { failureFor } from "../../../components/dashboard/action-feedback.tsx";
import { ConfirmForm } from "../../../components/dashboard/confirm-form.tsx";
import { CsrfField } from "../../../components/dashboard/portal-context.tsx";
import { SubmitButton } from "../../../components/dashboard/submit-button.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { Field, FormAlert, TextAreaInput } from "../../../components/ui/field.tsx";
import { fieldProps, type ActionFailure } from "../../../lib/action-failure.ts";
import { formatBytes } from "../../../lib/file-choice.ts";
import { formatDateTime } from "../../../lib/format.ts";
import { NeedsAlt } from "./media-items.tsx";
import type { MediaFileDetails } from "./queries.ts";
import { ReplaceFile } from "./replace-file.tsx";
import { kindLabels } from "./words.ts";

type Details = MediaFileDetails;

/**
 * One file of the library in a side panel: a preview, what it is (type, size, pixels,
 * SHA-256, who uploaded it), its words (name, alt text, caption) in a form saved by the
 * bar at the foot, where it is used, replacing it with a new file (same kind, same id),
 * and deleting it.
 */
export default function MediaPanel({
  file,
  failure,
  onClose,
}: {
  file: Details;
  failure: ActionFailure | undefined;
  onClose: () => void;
}) {
  const formId = useId();
  const editable = file.can.update;
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={file.name}
      description={`${kindLabels[file.kind]} · ${formatBytes(file.size)}`}
      variant="side"
      footer={
        editable ? (
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-gray-700 dark:text-gray-300">
              {file.kind === "image" ? "Alt text is needed before the image is used." : "Name and caption"}
            </p>
            <SubmitButton intent="update" id={file.id} form={formId}>
              Save changes
            </SubmitButton>
          </div>
        ) : null
      }
    >
      <div className="grid gap-8">
        <Preview file={file} />
        <Form
          id={formId}
          key={file.version}
          preventScrollReset
          method="post"
          noValidate
          className="grid gap-5"
          aria-label="About this file"
        >
          <CsrfField />
          <input type="hidden" name="intent" value="update" />
          <input type="hidden" name="id" value={file.id} />
          <input type="hidden" name="version" value={file.version} />
          <FormAlert message={failureFor(failure, "update")?.message} />
          <fieldset disabled={!editable} className="contents">
            <Field
              label="Name"
              hint="Listed and downloaded under this name."
              required
              {...fieldProps(failureFor(failure, "update"), "name", file.name)}
            />
            {file.kind === "image" ? (
              <TextAreaInput
                label="Alt text"
                hint="What the image shows, for people who cannot see it: “The v5 scanner’s foot plate, seen from above.” Leave out “image of”."
                rows={3}
                {...fieldProps(failureFor(failure, "update"), "alt", file.alt)}
              />
            ) : null}
            <TextAreaInput
              label="Caption"
              hint="Optional: shown under the file where it is used."
              rows={2}
              {...fieldProps(failureFor(failure, "update"), "caption", file.caption)}
            />
          </fieldset>
        </Form>
        <Facts file={file} />
        <Uses file={file} />
        {file.can.replace ? <ReplaceFile file={file} /> : null}
        {file.can.delete ? <DangerZone file={file} failure={failure} /> : null}
      </div>
    </Dialog>
  );
}

function Preview({ file }: { file: Details }) {
  if (file.kind === "image") {
    const largest = file.sizes.at(-1);
    return (
      <figure className="grid gap-2">
        <picture>
          {file.sizes.length > 0 ? (
            <>
              <source type="image/avif" srcSet={file.sizes.map((size) => `${size.avif} ${size.width}w`).join(", ")} />
              <source type="image/webp" srcSet={file.sizes.map((size) => `${size.webp} ${size.width}w`).join(", ")} />
            </>
          ) : null}
          <img
            src={largest ? largest.webp : file.url}
            sizes="(min-width: 640px) 36rem, 100vw"
            alt={file.alt ?? ""}
            width={file.width ?? undefined}
            height={file.height ?? undefined}
            className="max-h-80 w-full rounded-lg bg-gray-100 object-contain dark:bg-gray-800"
          />
        </picture>
        {file.needsAlt ? (
          <figcaption>
            <NeedsAlt />
          </figcaption>
        ) : null}
      </figure>
    );
  }
  return null;
}

function Facts({ file }: { file: Details }) {
  const rows: [string, string][] = [
    ["Type", `${kindLabels[file.kind]} (${file.contentType})`],
    ["Size", `${formatBytes(file.size)} (${file.size.toLocaleString("en-US")} bytes)`],
    ...(file.width && file.height ? ([["Dimensions", `${file.width} × ${file.height} px`]] as [string, string][]) : []),
    ["Uploaded by", file.uploadedBy?.name ?? "Someone since removed"],
    ["Uploaded", formatDateTime(file.fileUploadedAt)],
    ["Original name", file.originalName],
  ];
  return (
    <section aria-labelledby="media-facts" className="grid gap-3">
      <h3 id="media-facts" className="text-lg font-semibold">
        The file
      </h3>
      <dl className="grid grid-cols-[max-content_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="font-semibold text-gray-700 dark:text-gray-300">{term}</dt>
            <dd className="wrap-anywhere">{value}</dd>
          </div>
        ))}
        <dt className="font-semibold text-gray-700 dark:text-gray-300">SHA-256</dt>
        <dd>
          <code className="font-mono text-xs break-all">{file.sha256}</code>
        </dd>
      </dl>
      <p className="flex flex-wrap gap-3">
        <a
          href={file.url}
          className="inline-flex items-center gap-1.5 font-semibold text-bdblue-700 underline dark:text-bdblue-300"
        >
          {file.kind === "image" ? (
            <>
              <ExternalLink aria-hidden="true" className="size-4" /> Open the full image
            </>
          ) : (
            <>
              <Download aria-hidden="true" className="size-4" /> Download
            </>
          )}
        </a>
      </p>
    </section>
  );
}

const useWords: Record<string, string> = { asset: "a download of", embedded: "shown in" };

function Uses({ file }: { file: Details }) {
  return (
    <section aria-labelledby="media-uses" className="grid gap-2">
      <h3 id="media-uses" className="text-lg font-semibold">
        Where it is used
      </h3>
      {file.uses.length === 0 ? (
        <p className="text-base text-gray-700 dark:text-gray-300">Not used anywhere yet.</p>
      ) : (
        <ul className="grid list-disc gap-1 pl-5 text-base">
          {file.uses.map((use) => (
            <li key={`${use.ownerType}-${use.ownerId}-${use.role}`}>
              {useWords[use.role] ?? use.role}{" "}
              {use.ownerType === "release" ? (
                <Link
                  to={`/dashboard/releases?edit=${use.ownerId}`}
                  className="font-semibold text-bdblue-700 underline dark:text-bdblue-300"
                >
                  {use.ownerLabel ?? "a release"}
                </Link>
              ) : (
                `a ${use.ownerType}`
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function DangerZone({ file, failure }: { file: Details; failure: ActionFailure | undefined }) {
  const inUse = file.uses.length;
  return (
    <section
      aria-labelledby="delete-media"
      className="grid gap-3 rounded-xl border border-red-300 p-4 dark:border-red-800"
    >
      <h3 id="delete-media" className="text-lg font-semibold text-red-800 dark:text-red-200">
        Delete this file
      </h3>
      <p className="text-base text-gray-700 dark:text-gray-300">
        {inUse === 0
          ? "Nothing uses it. The file is removed from storage; the activity log keeps a record of it."
          : `It is used in ${inUse === 1 ? "one place" : `${inUse} places`} (above). Deleting it removes it from ${inUse === 1 ? "there" : "all of them"}.`}
      </p>
      <FormAlert message={failureFor(failure, "delete")?.message} />
      <div>
        <ConfirmForm
          fields={{
            intent: "delete",
            id: file.id,
            version: file.version,
            ...(inUse > 0 ? { force: "true" } : {}),
          }}
          label={inUse > 0 ? `Delete ${file.name} anyway` : `Delete ${file.name}`}
          pendingLabel="Deleting…"
          title={`Delete ${file.name}?`}
          description={
            inUse > 0
              ? `It is used in ${inUse === 1 ? "one place" : `${inUse} places`}, which will lose it. This cannot be undone.`
              : "This cannot be undone. The activity log keeps a record of it."
          }
          confirmLabel={inUse > 0 ? "Delete anyway" : "Delete"}
          cancelLabel="Keep the file"
        />
      </div>
    </section>
  );
}
