import { data } from "react-router";
import { buttonClasses } from "../../components/ui/button.tsx";
import { FormAlert } from "../../components/ui/field.tsx";
import { portalContext, requestAuthContext, type UserListEntry } from "../../lib/auth-context.ts";
import { privatePageMeta } from "../../lib/seo.ts";
import { requireUser } from "../../lib/sign-in.ts";
import type { Route } from "./+types/admin-users";

export const meta: Route.MetaFunction = () => privatePageMeta("Users");

function portal(context: Route.LoaderArgs["context"]) {
  const services = context.get(portalContext);
  if (!services) throw data({ message: "Sign in to see this page." }, { status: 401 });
  return services;
}

export async function loader({ context, url }: Route.LoaderArgs) {
  const me = requireUser(context, url);
  const result = await portal(context).users.list();
  if (!result.ok) throw data({ message: result.message }, { status: result.status });
  return { users: result.users, myId: me.id, csrfToken: context.get(requestAuthContext).csrfToken ?? "" };
}

export async function action({ request, context, url }: Route.ActionArgs) {
  requireUser(context, url);
  // The server has already checked the form's CSRF token (server/http/middleware/csrf.ts).
  const form = await request.formData();
  const userId = form.get("userId");
  const intent = form.get("intent");
  if (typeof userId !== "string" || (intent !== "disable" && intent !== "enable")) {
    return data(
      { ok: false as const, message: "That request was not understood; nothing was changed." },
      { status: 400 },
    );
  }
  const result = await portal(context).users.setDisabled(userId, intent === "disable");
  if (!result.ok) return data({ ok: false as const, message: result.message }, { status: result.status });
  const who = result.user.name ?? result.user.email ?? "The user";
  return {
    ok: true as const,
    message: result.user.disabled
      ? `${who} is disabled and has been signed out everywhere.`
      : `${who} can sign in again.`,
  };
}

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

function when(iso: string | null): string {
  return iso ? `${dateFormat.format(new Date(iso))} UTC` : "Never";
}

function UserRow({ user, isMe, csrfToken }: { user: UserListEntry; isMe: boolean; csrfToken: string }) {
  const label = user.name ?? user.email ?? "this user";
  return (
    <tr className="border-t border-gray-200 align-top dark:border-gray-800">
      <th scope="row" className="py-3 pr-4 text-left font-semibold">
        {user.name ?? "—"}
        {isMe ? <span className="ml-2 text-sm font-normal text-gray-600 dark:text-gray-300">(you)</span> : null}
      </th>
      <td className="py-3 pr-4 break-all">{user.email ?? "—"}</td>
      <td className="py-3 pr-4 capitalize">{user.role}</td>
      <td className="py-3 pr-4">{user.disabled ? "Disabled" : "Active"}</td>
      <td className="py-3 pr-4">{when(user.lastLoginAt)}</td>
      <td className="py-3">
        {isMe ? null : (
          <form method="post">
            <input type="hidden" name="csrf" value={csrfToken} />
            <input type="hidden" name="userId" value={user.id} />
            <button
              type="submit"
              name="intent"
              value={user.disabled ? "enable" : "disable"}
              className={buttonClasses("secondary", "md")}
              aria-label={`${user.disabled ? "Enable" : "Disable"} ${label}`}
            >
              {user.disabled ? "Enable" : "Disable"}
            </button>
          </form>
        )}
      </td>
    </tr>
  );
}

/** Admin: everyone who has signed in. Disabling someone signs them out at once. */
export default function AdminUsers({ loaderData, actionData }: Route.ComponentProps) {
  const { users, myId, csrfToken } = loaderData;
  return (
    <div className="grid gap-6">
      <div className="grid gap-2">
        <h1 className="text-3xl font-bold tracking-tight">Users</h1>
        <p className="text-base text-gray-700 dark:text-gray-300">
          Everyone who has signed in. A disabled user is signed out everywhere and cannot sign in again until enabled.
        </p>
      </div>
      <FormAlert message={actionData?.message} tone={actionData?.ok ? "success" : "error"} />
      <div className="overflow-x-auto">
        <table className="w-full min-w-[40rem] text-base">
          <caption className="sr-only">Users</caption>
          <thead>
            <tr className="text-left text-sm text-gray-700 dark:text-gray-300">
              <th scope="col" className="py-2 pr-4 font-semibold">
                Name
              </th>
              <th scope="col" className="py-2 pr-4 font-semibold">
                Email
              </th>
              <th scope="col" className="py-2 pr-4 font-semibold">
                Role
              </th>
              <th scope="col" className="py-2 pr-4 font-semibold">
                Status
              </th>
              <th scope="col" className="py-2 pr-4 font-semibold">
                Last sign-in
              </th>
              <th scope="col" className="py-2 font-semibold">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {users.map((user) => (
              <UserRow key={user.id} user={user} isMe={user.id === myId} csrfToken={csrfToken} />
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
