import { failureFor } from "../../../components/dashboard/action-feedback.tsx";
import { ConfirmForm } from "../../../components/dashboard/confirm-form.tsx";
import { SessionList } from "../../../components/dashboard/session-list.tsx";
import { FormAlert } from "../../../components/ui/field.tsx";
import type { ActionFailure } from "../../../lib/action-failure.ts";
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
      <SessionList
        sessions={user.sessions}
        canRevoke={user.can.revokeSession}
        showSignedIn
        consequence="Whoever uses it will have to sign in again."
      />
      {others.length > 0 ? (
        <div>
          <ConfirmForm
            fields={{ intent: "signOutOthers" }}
            label="Sign out of all other browsers"
            pendingLabel="Signing them out…"
            title="Sign out of all other browsers?"
            description={`${others.length} other ${others.length === 1 ? "browser" : "browsers"} will have to sign in again. This one stays signed in.`}
            confirmLabel="Sign them out"
          />
        </div>
      ) : null}
    </Section>
  );
}
