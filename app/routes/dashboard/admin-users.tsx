import { UserPlus } from "lucide-react";
import { Form, Link, useActionData, useLocation, useNavigate, useNavigation } from "react-router";
import { failureFor, useFailureToast } from "../../components/dashboard/action-feedback.tsx";
import { ConfirmForm } from "../../components/dashboard/confirm-form.tsx";
import { DashboardErrorBoundary } from "../../components/dashboard/error-boundary.tsx";
import {
  EmptyState,
  ListFilters,
  ListTable,
  Pagination,
  PlainHeader,
  SearchField,
  SelectField,
  SortHeader,
  useListLoading,
} from "../../components/dashboard/list.tsx";
import { CsrfField, usePortal } from "../../components/dashboard/portal-context.tsx";
import { buttonClasses } from "../../components/ui/button.tsx";
import { Dialog } from "../../components/ui/dialog.tsx";
import { Field, FormAlert, SelectInput } from "../../components/ui/field.tsx";
import type { ActionFailure } from "../../lib/action-failure.ts";
import { failed, readForm, succeeded, unknownIntent } from "../../lib/actions.server.ts";
import { mutate, query, tryQuery } from "../../lib/api.server.ts";
import { can } from "../../lib/dashboard-nav.ts";
import { describeBrowser, formatDateTime, withArticle } from "../../lib/format.ts";
import { integer, text } from "../../lib/form-data.ts";
import { graphql, type ResultOf } from "../../lib/graphql.ts";
import { oneOf, pageParams, searchParam, withParams } from "../../lib/list-params.ts";
import { requireReach, type PageReach } from "../../lib/page-access.server.ts";
import { privatePageMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/admin-users";

/** The page works on every row of the entity: the viewer's reach must be "all". */
const page: PageReach = {
  entity: "user",
  operation: "read",
  refusal: "Only people who manage users can open this page.",
};

export const meta: Route.MetaFunction = () => privatePageMeta("Users");

const roles = ["admin", "editor", "viewer"] as const;
const statuses = ["active", "invited", "disabled"] as const;
const sorts = ["created", "name", "email", "lastSignIn"] as const;

const roleOptions = [
  { value: "viewer", label: "Viewer: reads published releases and docs" },
  { value: "editor", label: "Editor: docs, media and releases" },
  { value: "admin", label: "Admin: everything, including users" },
];

const UsersQuery = graphql(`
  query AdminUsers(
    $search: String
    $role: Role
    $status: UserStatus
    $sort: UserSort
    $direction: SortDirection
    $first: Int
    $after: String
    $last: Int
    $before: String
  ) {
    users(
      search: $search
      role: $role
      status: $status
      sort: $sort
      direction: $direction
      first: $first
      after: $after
      last: $last
      before: $before
    ) {
      nodes {
        id
        name
        email
        role
        status
        lastSignInAt
        invitationExpiresAt
        organization {
          id
          name
        }
      }
      pageInfo {
        hasNextPage
        hasPreviousPage
        startCursor
        endCursor
      }
    }
  }
`);

const OrganizationChoices = graphql(`
  query OrganizationChoices {
    organizations(first: 100, sort: name, direction: asc) {
      nodes {
        id
        name
      }
    }
  }
`);

const UserDetails = graphql(`
  query UserDetails($id: ID!) {
    user(id: $id) {
      id
      name
      email
      role
      status
      version
      createdAt
      lastSignInAt
      disabledAt
      invitationExpiresAt
      organization {
        id
        name
      }
      sessions {
        id
        createdAt
        lastSeenAt
        userAgent
        address
        current
      }
    }
  }
`);

const InviteUser = graphql(`
  mutation InviteUser($input: InviteUserInput!) {
    inviteUser(input: $input) {
      id
      email
    }
  }
`);

const ChangeRole = graphql(`
  mutation ChangeRole($input: ChangeRoleInput!) {
    changeUserRole(input: $input) {
      id
      name
      email
      role
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

const ResendInvitation = graphql(`
  mutation ResendInvitation($id: ID!) {
    resendInvitation(id: $id) {
      id
      email
    }
  }
`);

const CancelInvitation = graphql(`
  mutation CancelInvitation($id: ID!) {
    cancelInvitation(id: $id) {
      id
      email
    }
  }
`);

const RevokeSession = graphql(`
  mutation RevokeSession($input: RevokeSessionInput!) {
    revokeSession(input: $input) {
      id
    }
  }
`);

export async function loader({ context, url }: Route.LoaderArgs) {
  await requireReach(context, page);
  const params = url.searchParams;
  const filters = {
    search: searchParam(params),
    role: oneOf(params.get("role"), roles),
    status: oneOf(params.get("status"), statuses),
    sort: oneOf(params.get("sort"), sorts, "created"),
    direction: oneOf(params.get("direction"), ["asc", "desc"] as const),
  };
  // Names and addresses read A to Z; dates newest first, unless the URL says otherwise.
  const direction = filters.direction ?? (filters.sort === "name" || filters.sort === "email" ? "asc" : "desc");
  const list = await query(context, UsersQuery, { ...filters, direction, ...pageParams(params) });
  const selectedId = params.get("user");
  const selected = selectedId ? await tryQuery(context, UserDetails, { id: selectedId }) : null;
  const inviting = params.get("invite") === "1";
  const organizations = inviting ? (await query(context, OrganizationChoices, {})).organizations.nodes : [];
  return {
    filters: { ...filters, direction },
    users: list.users.nodes,
    pageInfo: list.users.pageInfo,
    selected: selected?.ok ? selected.data.user : null,
    selectedError: selected && !selected.ok ? selected.error.message : null,
    inviting,
    organizations,
  };
}

function capitalized(word: string): string {
  return `${word.charAt(0).toUpperCase()}${word.slice(1)}`;
}

function who(user: { name: string | null; email: string | null }): string {
  return user.name ?? user.email ?? "The user";
}

export async function action({ request, context, url }: Route.ActionArgs) {
  await requireReach(context, page);
  const form = await readForm(request);
  const intent = text(form, "intent") ?? "";
  const id = text(form, "id") ?? "";
  const version = integer(form, "version");
  switch (intent) {
    case "invite": {
      const outcome = await mutate(context, InviteUser, {
        input: {
          email: text(form, "email") ?? "",
          name: text(form, "name"),
          role: oneOf(text(form, "role") ?? null, roles, "viewer"),
          organizationId: text(form, "organizationId") || null,
        },
      });
      if (!outcome.ok) return failed(intent, outcome, form);
      return succeeded(
        context,
        url,
        { title: `Invitation sent to ${outcome.data.inviteUser.email ?? "them"}`, description: "It works for 7 days." },
        { invite: null },
      );
    }
    case "changeRole": {
      const role = oneOf(text(form, "role") ?? null, roles, "viewer");
      const outcome = await mutate(context, ChangeRole, { input: { id, version, role } });
      if (!outcome.ok) return failed(intent, outcome, form);
      return succeeded(context, url, {
        title: `${who(outcome.data.changeUserRole)} is now ${withArticle(role)}`,
      });
    }
    case "disable": {
      const outcome = await mutate(context, DisableUser, { input: { id, version } });
      if (!outcome.ok) return failed(intent, outcome, form);
      return succeeded(context, url, {
        title: `${who(outcome.data.disableUser)} is disabled`,
        description: "They have been signed out everywhere.",
      });
    }
    case "enable": {
      const outcome = await mutate(context, EnableUser, { input: { id, version } });
      if (!outcome.ok) return failed(intent, outcome, form);
      return succeeded(context, url, { title: `${who(outcome.data.enableUser)} can sign in again` });
    }
    case "resend": {
      const outcome = await mutate(context, ResendInvitation, { id });
      if (!outcome.ok) return failed(intent, outcome, form);
      return succeeded(context, url, {
        title: `Invitation sent again to ${outcome.data.resendInvitation.email ?? "them"}`,
      });
    }
    case "cancel": {
      const outcome = await mutate(context, CancelInvitation, { id });
      if (!outcome.ok) return failed(intent, outcome, form);
      return succeeded(
        context,
        url,
        { title: `Invitation to ${outcome.data.cancelInvitation.email ?? "them"} cancelled` },
        { user: null },
      );
    }
    case "revokeSession": {
      const outcome = await mutate(context, RevokeSession, {
        input: { userId: id, sessionId: text(form, "sessionId") ?? "" },
      });
      if (!outcome.ok) return failed(intent, outcome, form);
      return succeeded(context, url, { title: "That browser is signed out" });
    }
    default:
      return unknownIntent();
  }
}

type UserRow = ResultOf<typeof UsersQuery>["users"]["nodes"][number];
type Details = NonNullable<ResultOf<typeof UserDetails>["user"]>;

const statusStyles: Record<string, string> = {
  active: "bg-emerald-50 text-emerald-900 ring-emerald-600/40 dark:bg-emerald-950 dark:text-emerald-100",
  invited: "bg-bdblue-50 text-bdblue-900 ring-bdblue-600/40 dark:bg-bdblue-950 dark:text-bdblue-100",
  disabled: "bg-gray-100 text-gray-900 ring-gray-500/40 dark:bg-gray-800 dark:text-gray-100",
};

function StatusBadge({ status }: { status: string }) {
  return (
    <span
      className={`inline-flex rounded-full px-2.5 py-0.5 text-sm font-semibold capitalize ring-1 ring-inset ${statusStyles[status] ?? ""}`}
    >
      {status}
    </span>
  );
}

function UserRowView({ user }: { user: UserRow }) {
  const { search } = useLocation();
  return (
    <tr className="border-t border-gray-200 align-top dark:border-gray-800">
      <th scope="row" className="px-4 py-3 text-left font-normal">
        <Link
          to={withParams(search, { user: user.id })}
          className="font-semibold text-bdblue-700 underline-offset-2 hover:underline dark:text-bdblue-300"
        >
          {user.name ?? user.email ?? "Unnamed user"}
        </Link>
        {user.name && user.email ? (
          <span className="block text-sm break-all text-gray-700 dark:text-gray-300">{user.email}</span>
        ) : null}
      </th>
      <td className="py-3 pr-4 capitalize">{user.role}</td>
      <td className="py-3 pr-4">
        <StatusBadge status={user.status} />
      </td>
      <td className="py-3 pr-4">{user.organization?.name ?? "—"}</td>
      <td className="py-3 pr-4">
        {user.status === "invited"
          ? `Invited until ${formatDateTime(user.invitationExpiresAt)}`
          : formatDateTime(user.lastSignInAt)}
      </td>
    </tr>
  );
}

function InviteDialog({
  organizations,
  failure,
  onClose,
}: {
  organizations: { id: string; name: string }[];
  failure: ActionFailure | undefined;
  onClose: () => void;
}) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formData?.get("intent") === "invite";
  const values = failure?.values ?? {};
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Invite a person"
      description="They get an email with a link to sign in. The invitation works for 7 days."
    >
      <Form method="post" className="grid gap-5" noValidate>
        <CsrfField />
        <input type="hidden" name="intent" value="invite" />
        <FormAlert message={failure ? failure.message : undefined} />
        <Field
          label="Email address"
          name="email"
          type="email"
          autoComplete="off"
          required
          defaultValue={values.email ?? ""}
          error={failure?.fields.email}
        />
        <Field
          label="Name"
          hint="Optional: they can change it later."
          name="name"
          defaultValue={values.name ?? ""}
          error={failure?.fields.name}
        />
        <SelectInput
          label="Role"
          name="role"
          options={roleOptions}
          defaultValue={values.role ?? "viewer"}
          error={failure?.fields.role}
        />
        <SelectInput
          label="Organization"
          name="organizationId"
          options={[
            { value: "", label: "None" },
            ...organizations.map((organization) => ({ value: organization.id, label: organization.name })),
          ]}
          defaultValue={values.organizationId ?? ""}
          error={failure?.fields.organizationId}
        />
        <div className="flex flex-wrap justify-end gap-3">
          <button type="button" className={buttonClasses("secondary", "md")} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className={buttonClasses("primary", "md")} disabled={sending}>
            {sending ? "Sending…" : "Send invitation"}
          </button>
        </div>
      </Form>
    </Dialog>
  );
}

function UserPanel({
  user,
  failure,
  onClose,
}: {
  user: Details;
  failure: ActionFailure | undefined;
  onClose: () => void;
}) {
  const { viewer } = usePortal();
  const isMe = user.id === viewer.id;
  const label = who(user);
  const roleFailure = failureFor(failure, "changeRole");
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={label}
      description={user.email ?? undefined}
      variant="side"
    >
      <div className="grid gap-8">
        <dl className="grid grid-cols-[9rem_1fr] gap-x-4 gap-y-2 text-base">
          <dt className="font-semibold">Status</dt>
          <dd>
            <StatusBadge status={user.status} />
          </dd>
          <dt className="font-semibold">Organization</dt>
          <dd>{user.organization?.name ?? "None"}</dd>
          <dt className="font-semibold">Last sign-in</dt>
          <dd>{formatDateTime(user.lastSignInAt)}</dd>
          <dt className="font-semibold">Known since</dt>
          <dd>{formatDateTime(user.createdAt)}</dd>
          {user.status === "invited" ? (
            <>
              <dt className="font-semibold">Invitation</dt>
              <dd>Works until {formatDateTime(user.invitationExpiresAt)}</dd>
            </>
          ) : null}
        </dl>

        {user.status === "invited" ? (
          <section aria-labelledby="invitation" className="grid gap-3">
            <h3 id="invitation" className="text-lg font-semibold">
              Invitation
            </h3>
            <div className="flex flex-wrap gap-3">
              <Form method="post">
                <CsrfField />
                <input type="hidden" name="intent" value="resend" />
                <input type="hidden" name="id" value={user.id} />
                <button type="submit" className={buttonClasses("secondary", "md")}>
                  Send it again
                </button>
              </Form>
              <ConfirmForm
                fields={{ intent: "cancel", id: user.id }}
                label="Cancel the invitation"
                title={`Cancel the invitation to ${label}?`}
                description="The link in their email stops working. You can invite them again later."
                confirmLabel="Cancel the invitation"
              />
            </div>
          </section>
        ) : (
          <section aria-labelledby="role" className="grid gap-3">
            <h3 id="role" className="text-lg font-semibold">
              Role
            </h3>
            {isMe ? (
              <p className="text-base">You are {withArticle(user.role)}. Another admin can change your role.</p>
            ) : (
              <Form method="post" className="grid gap-3">
                <CsrfField />
                <input type="hidden" name="intent" value="changeRole" />
                <input type="hidden" name="id" value={user.id} />
                <input type="hidden" name="version" value={user.version} />
                <FormAlert message={roleFailure?.message} />
                <SelectInput label="Role" name="role" options={roleOptions} defaultValue={user.role} />
                <div>
                  <button type="submit" className={buttonClasses("primary", "md")}>
                    Change role
                  </button>
                </div>
              </Form>
            )}
          </section>
        )}

        {user.status !== "invited" && !isMe ? (
          <section aria-labelledby="access" className="grid gap-3">
            <h3 id="access" className="text-lg font-semibold">
              Access
            </h3>
            <FormAlert message={failureFor(failure, "disable")?.message ?? failureFor(failure, "enable")?.message} />
            {user.status === "disabled" ? (
              <Form method="post">
                <CsrfField />
                <input type="hidden" name="intent" value="enable" />
                <input type="hidden" name="id" value={user.id} />
                <input type="hidden" name="version" value={user.version} />
                <button type="submit" className={buttonClasses("primary", "md")}>
                  Enable {label}
                </button>
              </Form>
            ) : (
              <ConfirmForm
                fields={{ intent: "disable", id: user.id, version: user.version }}
                label={`Disable ${label}`}
                title={`Disable ${label}?`}
                description="They are signed out of every browser at once, their access tokens stop working, and they cannot sign in until you enable them again."
                confirmLabel="Disable"
              />
            )}
          </section>
        ) : null}

        {user.status !== "invited" ? (
          <section aria-labelledby="sessions" className="grid gap-3">
            <h3 id="sessions" className="text-lg font-semibold">
              Signed-in browsers
            </h3>
            <FormAlert message={failureFor(failure, "revokeSession")?.message} />
            {user.sessions.length === 0 ? (
              <p className="text-base text-gray-700 dark:text-gray-300">None right now.</p>
            ) : (
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
                        Last used {formatDateTime(session.lastSeenAt)}
                        {session.address ? ` from ${session.address}` : ""}
                      </p>
                    </div>
                    {session.current ? null : (
                      <ConfirmForm
                        fields={{ intent: "revokeSession", id: user.id, sessionId: session.id }}
                        label="Sign out"
                        accessibleLabel={`Sign out ${describeBrowser(session.userAgent)}, last used ${formatDateTime(session.lastSeenAt)}`}
                        title="Sign out this browser?"
                        description={`${label} will have to sign in again there.`}
                        confirmLabel="Sign out"
                      />
                    )}
                  </li>
                ))}
              </ul>
            )}
          </section>
        ) : null}
      </div>
    </Dialog>
  );
}

/** Admin: everyone who may sign in. Invite, change roles, disable and enable, and end sessions. */
export default function AdminUsers({ loaderData }: Route.ComponentProps) {
  const { filters, users, pageInfo, selected, selectedError, inviting, organizations } = loaderData;
  const failure = useActionData<typeof action>();
  useFailureToast(failure);
  const { capabilities } = usePortal();
  const { search, pathname } = useLocation();
  const navigate = useNavigate();
  const loading = useListLoading();
  const close = (param: string) =>
    void navigate(`${pathname}${withParams(search, { [param]: null })}`, { preventScrollReset: true });
  const filtered = Boolean(filters.search || filters.role || filters.status);
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-1">
          <h1 className="text-3xl font-bold tracking-tight">Users</h1>
          <p className="text-base text-gray-700 dark:text-gray-300">
            Everyone who may sign in. Select a person to change their role, disable them or end their sessions.
          </p>
        </div>
        {can(capabilities, "user", "invite") ? (
          <Link to={withParams(search, { invite: "1" })} className={buttonClasses("primary", "md")} preventScrollReset>
            <UserPlus aria-hidden="true" className="size-5" /> Invite a person
          </Link>
        ) : null}
      </div>

      <ListFilters label="Filter users">
        <SearchField label="Name or email" defaultValue={filters.search} />
        <SelectField
          label="Role"
          name="role"
          anyLabel="Any role"
          defaultValue={filters.role}
          options={roles.map((role) => ({ value: role, label: capitalized(role) }))}
        />
        <SelectField
          label="Status"
          name="status"
          anyLabel="Any status"
          defaultValue={filters.status}
          options={statuses.map((status) => ({ value: status, label: capitalized(status) }))}
        />
      </ListFilters>

      {users.length === 0 ? (
        <EmptyState title={filtered ? "No one matches these filters" : "No users yet"}>
          {filtered ? (
            <Link to={pathname} className="font-semibold text-bdblue-700 underline dark:text-bdblue-300">
              Clear the filters
            </Link>
          ) : (
            <p>Invite the first person with the button above.</p>
          )}
        </EmptyState>
      ) : (
        <ListTable caption="Users" loading={loading}>
          <thead className="bg-gray-50 text-sm text-gray-700 dark:bg-gray-900 dark:text-gray-300">
            <tr>
              <SortHeader
                label="Name"
                sortKey="name"
                current={filters.sort}
                direction={filters.direction}
                className="px-4"
              />
              <PlainHeader>Role</PlainHeader>
              <PlainHeader>Status</PlainHeader>
              <PlainHeader>Organization</PlainHeader>
              <SortHeader
                label="Last sign-in"
                sortKey="lastSignIn"
                current={filters.sort}
                direction={filters.direction}
                defaultDirection="desc"
              />
            </tr>
          </thead>
          <tbody>
            {users.map((user) => (
              <UserRowView key={user.id} user={user} />
            ))}
          </tbody>
        </ListTable>
      )}
      <Pagination pageInfo={pageInfo} label="Users" />

      {inviting ? (
        <InviteDialog
          organizations={organizations}
          failure={failureFor(failure, "invite")}
          onClose={() => close("invite")}
        />
      ) : null}
      {selected ? <UserPanel user={selected} failure={failure} onClose={() => close("user")} /> : null}
      {selectedError ? (
        <p
          role="alert"
          className="rounded-lg border-l-4 border-red-600 bg-red-50 px-4 py-3 text-base text-red-900 dark:bg-red-950 dark:text-red-100"
        >
          {selectedError}
        </p>
      ) : null}
    </div>
  );
}

export { DashboardErrorBoundary as ErrorBoundary };
