import type { ReactNode } from "react";
import { Form, useActionData, useNavigation } from "react-router";
import { failureFor, useFailureToast } from "../../components/dashboard/action-feedback.tsx";
import { DashboardErrorBoundary } from "../../components/dashboard/error-boundary.tsx";
import { CsrfField } from "../../components/dashboard/portal-context.tsx";
import { buttonClasses } from "../../components/ui/button.tsx";
import { CheckboxInput, Field, FormAlert, SelectInput, TextAreaInput } from "../../components/ui/field.tsx";
import type { ActionFailure } from "../../lib/action-failure.ts";
import { failed, readForm, succeeded, unknownIntent } from "../../lib/actions.server.ts";
import { mutate, query, type MutationOutcome } from "../../lib/api.server.ts";
import { formatDateTime } from "../../lib/format.ts";
import { checked, integer, text } from "../../lib/form-data.ts";
import { graphql, type ResultOf } from "../../lib/graphql.ts";
import { requireReach, type PageReach } from "../../lib/page-access.server.ts";
import { privatePageMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/admin-config";

/** The page works on every row of the entity: the viewer's reach must be "all". */
const page: PageReach = {
  entity: "setting",
  operation: "read",
  refusal: "Only people who manage the site settings can open this page.",
};

export const meta: Route.MetaFunction = () => privatePageMeta("Site settings");

const SettingsQuery = graphql(`
  query SiteSettings {
    siteSettings {
      analytics {
        version
        updatedAt
        updatedBy {
          name
          email
        }
        tagManagerId
        webAnalyticsId
        pixelId
        socialAdsPixelId
        customerDataWriteKey
      }
      contactRecipients {
        version
        updatedAt
        updatedBy {
          name
          email
        }
        sales
        support
        service
        training
        general
      }
      announcement {
        version
        updatedAt
        updatedBy {
          name
          email
        }
        enabled
        message
        tone
        linkLabel
        linkUrl
        startsAt
        endsAt
      }
      maintenance {
        version
        updatedAt
        updatedBy {
          name
          email
        }
        enabled
        message
        startsAt
        endsAt
      }
    }
  }
`);

const UpdateAnalytics = graphql(`
  mutation UpdateAnalytics($version: Int!, $input: AnalyticsSettingsInput!) {
    updateAnalyticsSettings(version: $version, input: $input) {
      version
    }
  }
`);

const UpdateContacts = graphql(`
  mutation UpdateContacts($version: Int!, $input: ContactRecipientsInput!) {
    updateContactRecipients(version: $version, input: $input) {
      version
    }
  }
`);

const UpdateAnnouncement = graphql(`
  mutation UpdateAnnouncement($version: Int!, $input: AnnouncementInput!) {
    updateAnnouncement(version: $version, input: $input) {
      version
    }
  }
`);

const UpdateMaintenance = graphql(`
  mutation UpdateMaintenance($version: Int!, $input: MaintenanceInput!) {
    updateMaintenanceNotice(version: $version, input: $input) {
      version
    }
  }
`);

export async function loader({ context }: Route.LoaderArgs) {
  await requireReach(context, page);
  return (await query(context, SettingsQuery, {})).siteSettings;
}

const topics = [
  { name: "sales", label: "Sales", hint: "Quotes, demonstrations, purchase and lease." },
  { name: "support", label: "Technical support", hint: "Software, connectivity and operator accounts." },
  { name: "service", label: "Service and repairs", hint: "Maintenance, calibration, repairs and loan units." },
  { name: "training", label: "Training and certification", hint: "Courses, certification and renewals." },
  { name: "general", label: "Everything else", hint: "Messages that fit no other topic." },
] as const;

/** Addresses typed one per line, or separated by commas. */
function addresses(form: FormData, name: string): string[] {
  return (text(form, name) ?? "")
    .split(/[\n,]/)
    .map((line) => line.trim())
    .filter(Boolean);
}

/** A datetime-local field, read as UTC (the form says so). */
function instant(form: FormData, name: string): string | null {
  const value = text(form, name);
  return value && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value) ? `${value}:00.000Z` : value ? value : null;
}

/** The API names a setting's fields under its value ("value.tagManagerId"); the forms name them plainly. */
function settingFailed(intent: string, outcome: Extract<MutationOutcome<unknown>, { ok: false }>, form: FormData) {
  const fields = Object.fromEntries(
    Object.entries(outcome.error.fields ?? {}).map(([path, message]) => [path.replace(/^value\./, ""), message]),
  );
  return failed(intent, { ...outcome, error: { ...outcome.error, fields } }, form);
}

export async function action({ request, context, url }: Route.ActionArgs) {
  await requireReach(context, page);
  const form = await readForm(request);
  const intent = text(form, "intent") ?? "";
  const version = integer(form, "version");
  const saved = (title: string) => succeeded(context, url, { title: `${title} saved` });
  switch (intent) {
    case "analytics": {
      const outcome = await mutate(context, UpdateAnalytics, {
        version,
        input: {
          tagManagerId: text(form, "tagManagerId"),
          webAnalyticsId: text(form, "webAnalyticsId"),
          pixelId: text(form, "pixelId"),
          socialAdsPixelId: text(form, "socialAdsPixelId"),
          customerDataWriteKey: text(form, "customerDataWriteKey"),
        },
      });
      return outcome.ok ? saved("Analytics identifiers") : settingFailed(intent, outcome, form);
    }
    case "contacts": {
      const outcome = await mutate(context, UpdateContacts, {
        version,
        input: {
          sales: addresses(form, "sales"),
          support: addresses(form, "support"),
          service: addresses(form, "service"),
          training: addresses(form, "training"),
          general: addresses(form, "general"),
        },
      });
      return outcome.ok ? saved("Contact recipients") : settingFailed(intent, outcome, form);
    }
    case "announcement": {
      const outcome = await mutate(context, UpdateAnnouncement, {
        version,
        input: {
          enabled: checked(form, "enabled"),
          message: text(form, "message"),
          tone: text(form, "tone") === "warning" ? "warning" : "info",
          linkLabel: text(form, "linkLabel"),
          linkUrl: text(form, "linkUrl"),
          startsAt: instant(form, "startsAt"),
          endsAt: instant(form, "endsAt"),
        },
      });
      return outcome.ok ? saved("Announcement banner") : settingFailed(intent, outcome, form);
    }
    case "maintenance": {
      const outcome = await mutate(context, UpdateMaintenance, {
        version,
        input: {
          enabled: checked(form, "enabled"),
          message: text(form, "message"),
          startsAt: instant(form, "startsAt"),
          endsAt: instant(form, "endsAt"),
        },
      });
      return outcome.ok ? saved("Maintenance notice") : settingFailed(intent, outcome, form);
    }
    default:
      return unknownIntent();
  }
}

type Settings = ResultOf<typeof SettingsQuery>["siteSettings"];
type SavedGroup = {
  version: number;
  updatedAt: string | null;
  updatedBy: { name: string | null; email: string | null } | null;
};

function localInstant(iso: string | null): string {
  return iso ? iso.slice(0, 16) : "";
}

function SettingsForm({
  id,
  title,
  description,
  intent,
  group,
  failure,
  children,
}: {
  id: string;
  title: string;
  description: ReactNode;
  intent: string;
  group: SavedGroup;
  failure: ActionFailure | undefined;
  children: ReactNode;
}) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const by = group.updatedBy?.name ?? group.updatedBy?.email;
  return (
    <section aria-labelledby={id} className="grid gap-4 rounded-2xl p-6 ring-1 ring-gray-200 dark:ring-gray-800">
      <div className="grid gap-1">
        <h2 id={id} className="text-xl font-semibold">
          {title}
        </h2>
        <p className="text-base text-gray-700 dark:text-gray-300">{description}</p>
        <p className="text-sm text-gray-700 dark:text-gray-300">
          {group.updatedAt
            ? `Last saved ${formatDateTime(group.updatedAt)}${by ? ` by ${by}` : ""}.`
            : "Never saved: these are the defaults."}
        </p>
      </div>
      <Form method="post" className="grid gap-5" noValidate>
        <CsrfField />
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="version" value={group.version} />
        <FormAlert message={failure?.message} />
        {children}
        <div>
          <button type="submit" className={buttonClasses("primary", "md")} disabled={saving}>
            {saving ? "Saving…" : `Save ${title.toLowerCase()}`}
          </button>
        </div>
      </Form>
    </section>
  );
}

function valueOf(failure: ActionFailure | undefined, name: string, saved: string | null | undefined): string {
  return failure?.values[name] ?? saved ?? "";
}

/** Admin: the site's typed settings, each group saved on its own, at the version it was read. */
export default function AdminConfig({ loaderData }: Route.ComponentProps) {
  const settings: Settings = loaderData;
  const failure = useActionData<typeof action>();
  useFailureToast(failure);
  const analytics = failureFor(failure, "analytics");
  const contacts = failureFor(failure, "contacts");
  const announcement = failureFor(failure, "announcement");
  const maintenance = failureFor(failure, "maintenance");
  return (
    <div className="grid gap-8">
      <div className="grid gap-1">
        <h1 className="text-3xl font-bold tracking-tight">Site settings</h1>
        <p className="text-base text-gray-700 dark:text-gray-300">
          Each group is saved on its own and recorded in the activity log. If someone else saved a group while you were
          editing it, yours is refused so theirs is not lost: reload, then try again.
        </p>
      </div>

      <SettingsForm
        id="announcement"
        title="Announcement banner"
        description="A short message across the top of every portal page, for example a new software release or a trade show."
        intent="announcement"
        group={settings.announcement}
        failure={announcement}
      >
        <CheckboxInput
          label="Show the banner"
          name="enabled"
          defaultChecked={announcement ? announcement.values.enabled === "on" : settings.announcement.enabled}
        />
        <Field
          label="Message"
          hint="Plain text, up to 240 characters."
          name="message"
          maxLength={240}
          defaultValue={valueOf(announcement, "message", settings.announcement.message)}
          error={announcement?.fields.message}
        />
        <SelectInput
          label="Tone"
          name="tone"
          options={[
            { value: "info", label: "News (blue)" },
            { value: "warning", label: "Warning (amber)" },
          ]}
          defaultValue={valueOf(announcement, "tone", settings.announcement.tone)}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Link words"
            hint="Optional, e.g. Read more"
            name="linkLabel"
            defaultValue={valueOf(announcement, "linkLabel", settings.announcement.linkLabel)}
            error={announcement?.fields.linkLabel}
          />
          <Field
            label="Link address"
            hint="A path like /products/v5, or https://…"
            name="linkUrl"
            defaultValue={valueOf(announcement, "linkUrl", settings.announcement.linkUrl)}
            error={announcement?.fields.linkUrl}
          />
          <Field
            label="Show from (UTC)"
            type="datetime-local"
            name="startsAt"
            defaultValue={valueOf(announcement, "startsAt", localInstant(settings.announcement.startsAt))}
            error={announcement?.fields.startsAt}
          />
          <Field
            label="Show until (UTC)"
            type="datetime-local"
            name="endsAt"
            defaultValue={valueOf(announcement, "endsAt", localInstant(settings.announcement.endsAt))}
            error={announcement?.fields.endsAt}
          />
        </div>
      </SettingsForm>

      <SettingsForm
        id="maintenance"
        title="Maintenance notice"
        description="Warns everyone of planned downtime of the portal, between the times you give."
        intent="maintenance"
        group={settings.maintenance}
        failure={maintenance}
      >
        <CheckboxInput
          label="Show the notice"
          name="enabled"
          defaultChecked={maintenance ? maintenance.values.enabled === "on" : settings.maintenance.enabled}
        />
        <Field
          label="Message"
          hint="What will happen, in plain words; up to 400 characters."
          name="message"
          maxLength={400}
          defaultValue={valueOf(maintenance, "message", settings.maintenance.message)}
          error={maintenance?.fields.message}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="From (UTC)"
            type="datetime-local"
            name="startsAt"
            defaultValue={valueOf(maintenance, "startsAt", localInstant(settings.maintenance.startsAt))}
            error={maintenance?.fields.startsAt}
          />
          <Field
            label="Until (UTC)"
            type="datetime-local"
            name="endsAt"
            defaultValue={valueOf(maintenance, "endsAt", localInstant(settings.maintenance.endsAt))}
            error={maintenance?.fields.endsAt}
          />
        </div>
      </SettingsForm>

      <SettingsForm
        id="contacts"
        title="Contact recipients"
        description="Who receives the messages people send about each topic. One address per line."
        intent="contacts"
        group={settings.contactRecipients}
        failure={contacts}
      >
        <div className="grid gap-4 md:grid-cols-2">
          {topics.map((topic) => (
            <TextAreaInput
              key={topic.name}
              rows={3}
              label={topic.label}
              hint={topic.hint}
              name={topic.name}
              defaultValue={valueOf(contacts, topic.name, settings.contactRecipients[topic.name].join("\n"))}
              error={
                Object.entries(contacts?.fields ?? {}).find(
                  ([path]) => path === topic.name || path.startsWith(`${topic.name}.`),
                )?.[1]
              }
            />
          ))}
        </div>
      </SettingsForm>

      <SettingsForm
        id="analytics"
        title="Analytics identifiers"
        description="The identifiers of the five analytics tools the site is prepared for. Leave one empty to keep that tool off. The site does not load any of them yet: the loaders, with visitors' consent, come in a later release."
        intent="analytics"
        group={settings.analytics}
        failure={analytics}
      >
        <div className="grid gap-4 md:grid-cols-2">
          <Field
            label="Tag manager container"
            hint="Like GTM-ABC1234"
            name="tagManagerId"
            defaultValue={valueOf(analytics, "tagManagerId", settings.analytics.tagManagerId)}
            error={analytics?.fields.tagManagerId}
          />
          <Field
            label="Web analytics measurement ID"
            hint="Like G-ABCDE12345"
            name="webAnalyticsId"
            defaultValue={valueOf(analytics, "webAnalyticsId", settings.analytics.webAnalyticsId)}
            error={analytics?.fields.webAnalyticsId}
          />
          <Field
            label="Advertising pixel ID"
            hint="Digits only"
            name="pixelId"
            inputMode="numeric"
            defaultValue={valueOf(analytics, "pixelId", settings.analytics.pixelId)}
            error={analytics?.fields.pixelId}
          />
          <Field
            label="Social ads pixel (partner ID)"
            hint="Digits only"
            name="socialAdsPixelId"
            inputMode="numeric"
            defaultValue={valueOf(analytics, "socialAdsPixelId", settings.analytics.socialAdsPixelId)}
            error={analytics?.fields.socialAdsPixelId}
          />
          <Field
            label="Customer-data platform write key"
            hint="Letters and digits"
            name="customerDataWriteKey"
            autoComplete="off"
            defaultValue={valueOf(analytics, "customerDataWriteKey", settings.analytics.customerDataWriteKey)}
            error={analytics?.fields.customerDataWriteKey}
          />
        </div>
      </SettingsForm>
    </div>
  );
}

export { DashboardErrorBoundary as ErrorBoundary };
