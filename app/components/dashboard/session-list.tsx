import { describeBrowser, formatDateTime } from "../../lib/format.ts";
import { ConfirmForm } from "./confirm-form.tsx";

export type ListedSession = {
  id: string;
  userAgent: string | null;
  address: string | null;
  createdAt: string;
  lastSeenAt: string;
  current: boolean;
};

/**
 * Signed-in browsers, one per line: which browser, when it was used and from where, and
 * (for the others, when the viewer may) a "Sign out" that asks first. The form posts the
 * page's `revokeSession` intent.
 */
export function SessionList({
  sessions,
  canRevoke,
  showSignedIn,
  consequence,
}: {
  sessions: readonly ListedSession[];
  canRevoke: boolean;
  /** Also say when each was signed in (your own browsers; an admin sees when they were last used). */
  showSignedIn: boolean;
  /** What signing one out means, in the confirmation. */
  consequence: string;
}) {
  return (
    <ul className="grid gap-3">
      {sessions.map((session) => {
        const browser = describeBrowser(session.userAgent);
        return (
          <li
            key={session.id}
            className="flex flex-wrap items-center justify-between gap-3 rounded-xl px-4 py-3 ring-1 ring-gray-200 dark:ring-gray-800"
          >
            <div>
              <p className="font-semibold">
                {browser}
                {session.current ? " (this browser)" : ""}
              </p>
              <p className="text-sm text-gray-700 dark:text-gray-300">
                {showSignedIn
                  ? `Signed in ${formatDateTime(session.createdAt)}, last used ${formatDateTime(session.lastSeenAt)}`
                  : `Last used ${formatDateTime(session.lastSeenAt)}`}
                {session.address ? ` from ${session.address}` : ""}
              </p>
            </div>
            {session.current || !canRevoke ? null : (
              <ConfirmForm
                fields={{ intent: "revokeSession", sessionId: session.id }}
                label="Sign out"
                pendingLabel="Signing out…"
                accessibleLabel={`Sign out ${browser}, last used ${formatDateTime(session.lastSeenAt)}`}
                title="Sign out that browser?"
                description={consequence}
                confirmLabel="Sign out"
              />
            )}
          </li>
        );
      })}
    </ul>
  );
}
