import { useActionData } from "react-router";
import { failureFor, useFailureToast } from "../../../components/dashboard/action-feedback.tsx";
import { SectionNav } from "../../../components/dashboard/section-nav.tsx";
import { DashboardErrorBoundary } from "../../../components/dashboard/error-boundary.tsx";
import { query } from "../../../lib/api.server.ts";
import { requireReach } from "../../../lib/portal/context.server.ts";
import { privatePageMeta } from "../../../lib/seo.ts";
import type { Route } from "./+types/route";
import { settingsActions } from "./actions.server.ts";
import { AnalyticsSettings, AnnouncementSettings, ContactSettings, MaintenanceSettings } from "./groups.tsx";
import { SettingsQuery } from "./queries.ts";

/** The page works on every setting: the viewer's reach must be "all". */
export const middleware: Route.MiddlewareFunction[] = [
  requireReach("setting", "read", "Only people who manage the site settings can open this page."),
];

export const meta: Route.MetaFunction = () => privatePageMeta("Site settings");

export async function loader({ context }: Route.LoaderArgs) {
  return (await query(context, SettingsQuery, {})).siteSettings;
}

export async function action(args: Route.ActionArgs) {
  return settingsActions.action(args);
}

/** Admin: the site's typed settings, each group saved on its own, at the version it was read. */
export default function AdminConfig({ loaderData: settings }: Route.ComponentProps) {
  const failure = useActionData<typeof action>();
  useFailureToast(failure);
  return (
    <div className="grid gap-8">
      <div className="grid gap-1">
        <h1 className="text-3xl font-bold tracking-tight">Site settings</h1>
        <p className="text-base text-gray-700 dark:text-gray-300">
          Each group is saved on its own and recorded in the activity log. If someone else saved a group while you were
          editing it, yours is refused so theirs is not lost: reload, then try again.
        </p>
      </div>
      <SectionNav
        label="Settings groups"
        sections={[
          ["announcement", "Announcement banner"],
          ["maintenance", "Maintenance notice"],
          ["contacts", "Contact recipients"],
          ["analytics", "Analytics identifiers"],
        ]}
      />
      <AnnouncementSettings saved={settings.announcement} failure={failureFor(failure, "announcement")} />
      <MaintenanceSettings saved={settings.maintenance} failure={failureFor(failure, "maintenance")} />
      <ContactSettings saved={settings.contactRecipients} failure={failureFor(failure, "contacts")} />
      <AnalyticsSettings saved={settings.analytics} failure={failureFor(failure, "analytics")} />
    </div>
  );
}

export { DashboardErrorBoundary as ErrorBoundary };
