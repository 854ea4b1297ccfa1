import { failureFor } from "../../../components/dashboard/action-feedback.tsx";
import { ConfirmForm } from "../../../components/dashboard/confirm-form.tsx";
import { FormAlert } from "../../../components/ui/field.tsx";
import type { ActionFailure } from "../../../lib/action-failure.ts";
import { describeBrowser, formatDateTime } from "../../../lib/format.ts";
import type { ResultOf } from "../../../lib/graphql.ts";
import type { SettingsQuery } from "./queries.ts";
import { Section } from "./section.tsx";

type Viewer = ResultOf<typeof SettingsQuery>["viewer"];

export function Sessions({ viewer, failure }: { viewer: NonNullable<Viewer>; failure: ActionFailure | undefined }) {
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
            {session.current || !user.can.revokeSession ? null : (
              <ConfirmForm
                fields={{ intent: "revokeSession", sessionId: session.id }}
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
