import { useState } from "react";
import { Form } from "react-router";
import { failureFor } from "../../../components/dashboard/action-feedback.tsx";
import { Avatar } from "../../../components/dashboard/avatar.tsx";
import { ConfirmForm } from "../../../components/dashboard/confirm-form.tsx";
import { Field, FormAlert } from "../../../components/ui/field.tsx";
import type { ActionFailure } from "../../../lib/action-failure.ts";
import { withArticle } from "../../../lib/format.ts";
import { RowFields, Submit } from "./section.tsx";

type PictureOwner = {
  id: string;
  version: number;
  name: string | null;
  email: string | null;
  picture: string | null;
  role: string;
};

/** What the browser offers to pick; the server decides by the file's content all the same. */
const pictureTypes = "image/jpeg,image/png,image/webp,image/gif,image/avif";
const pictureLimit = 5 * 1024 * 1024;
const pictureTooLarge = "That picture is larger than 5 MB: choose a smaller one.";

export function Picture({ user, failure }: { user: PictureOwner; failure: ActionFailure | undefined }) {
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
        preventScrollReset
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
        <RowFields intent="picture" user={user} />
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
