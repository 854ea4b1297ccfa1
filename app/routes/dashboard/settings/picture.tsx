import { useState } from "react";
import { Form } from "react-router";
import { failureFor } from "../../../components/dashboard/action-feedback.tsx";
import { Avatar } from "../../../components/dashboard/avatar.tsx";
import { ConfirmForm } from "../../../components/dashboard/confirm-form.tsx";
import { SubmitButton } from "../../../components/dashboard/submit-button.tsx";
import { buttonClasses } from "../../../components/ui/button.tsx";
import { FormAlert } from "../../../components/ui/field.tsx";
import { clearFileInput, FileDrop, type FileChoice } from "../../../components/ui/file-drop.tsx";
import { formatBytes, typeNames, type FileRule } from "../../../lib/file-choice.ts";
import { useHydrated } from "../../../lib/portal/hydrated.ts";
import type { ActionFailure } from "../../../lib/action-failure.ts";
import { withArticle } from "../../../lib/format.ts";
import { RowFields } from "./section.tsx";

type PictureOwner = {
  id: string;
  version: number;
  name: string | null;
  email: string | null;
  picture: string | null;
  role: string;
};

/** What a picture may be; the server decides by the file's content all the same. */
const pictureRule: FileRule = {
  noun: "picture",
  types: [
    { mime: "image/jpeg", label: "JPEG" },
    { mime: "image/png", label: "PNG" },
    { mime: "image/webp", label: "WebP" },
    { mime: "image/gif", label: "GIF" },
    { mime: "image/avif", label: "AVIF" },
  ],
  maxBytes: 5 * 1024 * 1024,
};

export function Picture({ user, failure }: { user: PictureOwner; failure: ActionFailure | undefined }) {
  const upload = failureFor(failure, "picture");
  const removal = failureFor(failure, "removePicture");
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center gap-4">
        <Avatar person={user} size="large" />
        <p className="min-w-0 flex-1 text-base text-gray-700 dark:text-gray-300">
          {user.picture ? "Your picture." : "Your initials stand in for a picture."} You are signed in as{" "}
          <span className="wrap-anywhere">{user.email}</span>, as {withArticle(user.role)}.
        </p>
      </div>
      <FormAlert message={removal?.message} />
      {/* A picture saved or removed starts the field again, empty; other saves leave a choice in place. */}
      <PictureForm key={user.picture ?? "none"} user={user} upload={upload} />
      {user.picture ? (
        <div>
          <ConfirmForm
            fields={{ intent: "removePicture", id: user.id, version: user.version }}
            label="Remove your picture"
            pendingLabel="Removing…"
            title="Remove your picture?"
            description="Your initials stand in for it, here and in the portal's menus."
            confirmLabel="Remove"
          />
        </div>
      ) : null}
    </div>
  );
}

/** Choosing, previewing and sending a new picture. */
function PictureForm({ user, upload }: { user: PictureOwner; upload: ActionFailure | undefined }) {
  const hydrated = useHydrated();
  const [choice, setChoice] = useState<FileChoice | null>(null);
  const ready = choice !== null && choice.problem === null;
  // The server's answer was about the file sent; once another is chosen, it is set aside.
  const [setAside, setSetAside] = useState<ActionFailure | undefined>(undefined);
  return (
    <Form preventScrollReset method="post" encType="multipart/form-data" className="grid gap-4" noValidate>
      <RowFields intent="picture" user={user} />
      <FormAlert message={upload === setAside ? undefined : upload?.message} />
      <FileDrop
        kind="image"
        label={user.picture ? "A new picture" : "Picture"}
        hint={`A ${typeNames(pictureRule)} image up to ${formatBytes(pictureRule.maxBytes)}. It is cropped to a square around its subject.`}
        name="picture"
        rule={pictureRule}
        error={upload?.fields.picture}
        errorKey={upload}
        onChoice={(next) => {
          setChoice(next);
          setSetAside(upload);
        }}
      />
      {/* Before the page's script runs there is no preview, so the button is always there. */}
      {!hydrated || ready ? (
        <div className="flex flex-wrap gap-3">
          <SubmitButton intent="picture" pendingLabel="Uploading…">
            Upload the picture
          </SubmitButton>
          {hydrated ? (
            <button
              type="button"
              className={buttonClasses("secondary")}
              onClick={(event) =>
                clearFileInput(
                  event.currentTarget.form?.querySelector<HTMLInputElement>('input[name="picture"]') ?? null,
                )
              }
            >
              Cancel
            </button>
          ) : null}
        </div>
      ) : null}
    </Form>
  );
}
