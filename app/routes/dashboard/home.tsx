import { Link } from "react-router";
import { DashboardErrorBoundary } from "../../components/dashboard/error-boundary.tsx";
import { EmptyState } from "../../components/dashboard/list.tsx";
import { query } from "../../lib/api.server.ts";
import { formatDate, formatDateTime } from "../../lib/format.ts";
import { graphql, type ResultOf } from "../../lib/graphql.ts";
import { portalOf } from "../../lib/portal/context.server.ts";
import { certificationLabels } from "./organizations/words.ts";
import { privatePageMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/home";
import {
  attentionWindows,
  NeedsAttention,
  OrganizationAttentionQuery,
  PeopleAttentionQuery,
} from "./overview/attention.tsx";

export const meta: Route.MetaFunction = () => privatePageMeta("Dashboard");

const HomeQuery = graphql(`
  query DashboardHome {
    viewer {
      user {
        id
        name
        organization {
          id
          name
          city
          countryName
          certificationStatus
          certifiedUntil
        }
      }
    }
    activity(first: 8) {
      nodes {
        id
        at
        actorLabel
        words
        targetLabel
      }
    }
    userCounts {
      invited
      active
    }
    organizationCounts {
      total
      certified
    }
  }
`);

export async function loader({ context }: Route.LoaderArgs) {
  const { capabilities } = portalOf(context);
  const reach = (entity: string, operation: string) => capabilities[entity]?.[operation];
  const first = attentionWindows.shown;
  const [home, people, organizations] = await Promise.all([
    query(context, HomeQuery, {}),
    reach("user", "oversee") === "all"
      ? query(context, PeopleAttentionQuery, {
          invitationDays: attentionWindows.invitationDays,
          signInHours: attentionWindows.signInHours,
          first,
          signInRows: first + 1,
        })
      : null,
    reach("organization", "oversee") === "all"
      ? query(context, OrganizationAttentionQuery, { certificationDays: attentionWindows.certificationDays, first })
      : null,
  ]);
  // Counts over everyone mean something only to those who see everyone; others' are their own rows.
  return {
    now: new Date().toISOString(),
    attention: { people, organizations },
    user: home.viewer?.user ?? null,
    activity: home.activity.nodes,
    allActivity: reach("activity", "read") === "all",
    userCounts: reach("user", "read") === "all" ? home.userCounts : null,
    organizationCounts: reach("organization", "read") === "all" ? home.organizationCounts : null,
  };
}

type Activity = ResultOf<typeof HomeQuery>["activity"]["nodes"][number];

/** One figure, linking to the list it counts. */
function Stat({ label, value, to }: { label: string; value: number; to: string }) {
  return (
    <li>
      <Link
        to={to}
        className="grid h-full gap-1 rounded-2xl p-5 ring-1 ring-gray-200 hover:bg-gray-50 dark:ring-gray-800 dark:hover:bg-gray-900"
      >
        <span className="text-base text-gray-700 dark:text-gray-300">{label}</span>
        <span className="text-3xl font-bold tracking-tight">{value}</span>
      </Link>
    </li>
  );
}

function RecentActivity({ rows, all }: { rows: Activity[]; all: boolean }) {
  return (
    <section aria-labelledby="recent" className="grid gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="recent" className="text-xl font-semibold">
          {all ? "Recent activity" : "Your recent activity"}
        </h2>
        {all ? (
          <Link
            to="/dashboard/admin/activity"
            className="text-base font-semibold text-bdblue-700 underline dark:text-bdblue-300"
          >
            The whole activity log
          </Link>
        ) : null}
      </div>
      {rows.length === 0 ? (
        <EmptyState title="Nothing yet">
          <p>Changes made in the portal appear here as they happen.</p>
        </EmptyState>
      ) : (
        <ol className="grid gap-2">
          {rows.map((row) => (
            <li key={row.id} className="rounded-xl px-4 py-3 ring-1 ring-gray-200 dark:ring-gray-800">
              <p className="text-base">
                <span className="font-semibold">{row.actorLabel}</span> {row.words}{" "}
                {row.targetLabel && row.targetLabel !== row.actorLabel ? (
                  <span className="font-semibold">{row.targetLabel}</span>
                ) : null}
              </p>
              <p className="text-sm text-gray-700 dark:text-gray-300">{formatDateTime(row.at)}</p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** The signed-in landing page: counts and shortcuts for what this person may use, and recent activity. */
export default function DashboardHome({ loaderData }: Route.ComponentProps) {
  const { now, attention, user, activity, allActivity, userCounts, organizationCounts } = loaderData;
  const organization = user?.organization;
  return (
    <div className="grid gap-10">
      <div className="grid gap-2">
        <h1 className="text-3xl font-bold tracking-tight">Welcome{user?.name ? `, ${user.name}` : ""}</h1>
        <p className="text-lg text-gray-700 dark:text-gray-300">
          {attention.people || attention.organizations
            ? "What needs someone to act, the figures, and the latest changes."
            : "Your organization and what you have done in the portal lately."}{" "}
          Press <kbd className="font-sans font-semibold">?</kbd> for the keyboard shortcuts, or{" "}
          <kbd className="font-sans font-semibold">Ctrl</kbd> + <kbd className="font-sans font-semibold">K</kbd> to find
          a page, a person or an organization.
        </p>
      </div>

      <NeedsAttention people={attention.people} organizations={attention.organizations} now={now} />

      <section aria-labelledby="at-a-glance" className="grid gap-3">
        <h2 id="at-a-glance" className="text-xl font-semibold">
          At a glance
        </h2>
        {userCounts || organizationCounts ? (
          <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
            {userCounts ? (
              <>
                <Stat label="Active users" value={userCounts.active} to="/dashboard/admin/users?status=active" />
                <Stat label="Open invitations" value={userCounts.invited} to="/dashboard/admin/users?status=invited" />
              </>
            ) : null}
            {organizationCounts ? (
              <>
                <Stat label="Organizations" value={organizationCounts.total} to="/dashboard/admin/organizations" />
                <Stat
                  label="Certified organizations"
                  value={organizationCounts.certified}
                  to="/dashboard/admin/organizations?certification=certified"
                />
              </>
            ) : null}
          </ul>
        ) : null}
        {!organizationCounts ? (
          <div className="rounded-2xl p-5 ring-1 ring-gray-200 dark:ring-gray-800">
            <h3 className="text-lg font-semibold">Your organization</h3>
            {organization ? (
              <p className="mt-1 text-base">
                {organization.name}, {organization.city}, {organization.countryName}.{" "}
                {certificationLabels[organization.certificationStatus]}
                {organization.certifiedUntil ? ` until ${formatDate(organization.certifiedUntil)}` : ""}.
              </p>
            ) : (
              <p className="mt-1 text-base text-gray-700 dark:text-gray-300">
                You do not belong to an organization yet. An administrator can add you to yours.
              </p>
            )}
          </div>
        ) : null}
      </section>

      <RecentActivity rows={activity} all={allActivity} />
    </div>
  );
}

export { DashboardErrorBoundary as ErrorBoundary };
