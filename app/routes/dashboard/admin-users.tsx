import { redirect } from "react-router";
import { buttonClasses } from "../../components/ui/button.tsx";
import { mutate, query } from "../../lib/api.server.ts";
import { requestAuthContext } from "../../lib/auth-context.ts";
import { flash } from "../../lib/flash.ts";
import { graphql, type ResultOf } from "../../lib/graphql.ts";
import { privatePageMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/admin-users";

export const meta: Route.MetaFunction = () => privatePageMeta("Users");

const UsersQuery = graphql(`
  query Users {
    viewer {
      user {
        id
      }
    }
    users(first: 100, sort: created, direction: desc) {
      nodes {
        id
        name
        email
        role
        status
        version
        lastSignInAt
      }
    }
  }
`);

const DisableUser = graphql(`
  mutation DisableUser($input: UserVersionInput!) {
    disableUser(input: $input) {
      id
      name
      email
    }
  }
`);

const EnableUser = graphql(`
  mutation EnableUser($input: UserVersionInput!) {
    enableUser(input: $input) {
      id
      name
      email
    }
  }
`);

export async function loader({ context }: Route.LoaderArgs) {
  const result = await query(context, UsersQuery, {});
  return {
    users: result.users.nodes,
    myId: result.viewer?.user.id ?? "",
    csrfToken: context.get(requestAuthContext).csrfToken ?? "",
  };
}

export async function action({ request, context, url }: Route.ActionArgs) {
  // The server has already checked the form's CSRF token (server/http/middleware/csrf.ts).
  const form = await request.formData();
  const userId = form.get("userId");
  const id = typeof userId === "string" ? userId : "";
  const version = Number(form.get("version"));
  const intent = form.get("intent");
  const input = { id, version };
  const outcome =
    intent === "enable" ? await mutate(context, EnableUser, { input }) : await mutate(context, DisableUser, { input });
  if (!outcome.ok) {
    flash(context, { title: "Nothing was changed", description: outcome.error.message, color: "error" });
  } else {
    const user = "enableUser" in outcome.data ? outcome.data.enableUser : outcome.data.disableUser;
    const who = user.name ?? user.email ?? "The user";
    flash(context, {
      title: intent === "enable" ? `${who} can sign in again` : `${who} is disabled`,
      color: "success",
    });
  }
  return redirect(`${url.pathname}${url.search}`, 303);
}

type UserRow = ResultOf<typeof UsersQuery>["users"]["nodes"][number];

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

function when(iso: string | null): string {
  return iso ? `${dateFormat.format(new Date(iso))} UTC` : "Never";
}

function Row({ user, isMe, csrfToken }: { user: UserRow; isMe: boolean; csrfToken: string }) {
  const label = user.name ?? user.email ?? "this user";
  const disabled = user.status === "disabled";
  return (
    <tr className="border-t border-gray-200 align-top dark:border-gray-800">
      <th scope="row" className="py-3 pr-4 text-left font-semibold">
        {user.name ?? "—"}
        {isMe ? <span className="ml-2 text-sm font-normal text-gray-600 dark:text-gray-300">(you)</span> : null}
      </th>
      <td className="py-3 pr-4 break-all">{user.email ?? "—"}</td>
      <td className="py-3 pr-4 capitalize">{user.role}</td>
      <td className="py-3 pr-4 capitalize">{user.status}</td>
      <td className="py-3 pr-4">{when(user.lastSignInAt)}</td>
      <td className="py-3">
        {isMe || user.status === "invited" ? null : (
          <form method="post">
            <input type="hidden" name="csrf" value={csrfToken} />
            <input type="hidden" name="userId" value={user.id} />
            <input type="hidden" name="version" value={user.version} />
            <button
              type="submit"
              name="intent"
              value={disabled ? "enable" : "disable"}
              className={buttonClasses("secondary", "md")}
              aria-label={`${disabled ? "Enable" : "Disable"} ${label}`}
            >
              {disabled ? "Enable" : "Disable"}
            </button>
          </form>
        )}
      </td>
    </tr>
  );
}

export default function AdminUsers({ loaderData }: Route.ComponentProps) {
  const { users, myId, csrfToken } = loaderData;
  return (
    <div className="grid gap-6">
      <h1 className="text-3xl font-bold tracking-tight">Users</h1>
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
              <Row key={user.id} user={user} isMe={user.id === myId} csrfToken={csrfToken} />
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
