import { CheckboxInput, Field, SelectInput, TextAreaInput } from "../../../components/ui/field.tsx";
import { fieldProps, type ActionFailure } from "../../../lib/action-failure.ts";
import { optionsOf, type ApiEnum, type ResultOf } from "../../../lib/graphql.ts";
import { BannerPreview } from "./banner-preview.tsx";
import type { SettingsQuery } from "./queries.ts";
import { listError, localInstant, SettingsForm } from "./settings-form.tsx";

type Settings = ResultOf<typeof SettingsQuery>["siteSettings"];

const toneLabels = { info: "News (blue)", warning: "Warning (amber)" } satisfies Record<
  ApiEnum<"AnnouncementTone">,
  string
>;

const topics = [
  { name: "sales", label: "Sales", hint: "Quotes, demonstrations, purchase and lease." },
  { name: "support", label: "Technical support", hint: "Software, connectivity and operator accounts." },
  { name: "service", label: "Service and repairs", hint: "Maintenance, calibration, repairs and loan units." },
  { name: "billing", label: "Billing", hint: "Invoices, payments and contracts." },
  { name: "general", label: "Everything else", hint: "Messages that fit no other topic." },
  { name: "training", label: "Training and certification", hint: "Certification applications and renewals." },
] as const;

export function AnnouncementSettings({ saved, failure }: { saved: Settings["announcement"]; failure?: ActionFailure }) {
  return (
    <SettingsForm
      id="announcement"
      title="Announcement banner"
      description="A short message across the top of every portal page, for example a new software release or a trade show."
      intent="announcement"
      group={saved}
      failure={failure}
    >
      <BannerPreview
        initial={{
          enabled: failure ? failure.values.enabled === "true" : saved.enabled,
          message: failure?.values.message ?? saved.message ?? "",
          tone: (failure?.values.tone ?? saved.tone) === "warning" ? "warning" : "info",
          linkLabel: failure?.values.linkLabel ?? saved.linkLabel ?? "",
          linkUrl: failure?.values.linkUrl ?? saved.linkUrl ?? "",
        }}
      />
      <CheckboxInput
        label="Show the banner"
        name="enabled"
        defaultChecked={failure ? failure.values.enabled === "true" : saved.enabled}
      />
      <Field
        label="Message"
        hint="Plain text, up to 240 characters."
        maxLength={240}
        {...fieldProps(failure, "message", saved.message)}
      />
      <SelectInput label="Tone" options={optionsOf(toneLabels)} {...fieldProps(failure, "tone", saved.tone)} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Link words"
          hint="Optional, e.g. Read more"
          {...fieldProps(failure, "linkLabel", saved.linkLabel)}
        />
        <Field
          label="Link address"
          hint="A path like /products/v5, or https://…"
          {...fieldProps(failure, "linkUrl", saved.linkUrl)}
        />
        <Field
          label="Show from (UTC)"
          type="datetime-local"
          {...fieldProps(failure, "startsAt", localInstant(saved.startsAt))}
        />
        <Field
          label="Show until (UTC)"
          type="datetime-local"
          {...fieldProps(failure, "endsAt", localInstant(saved.endsAt))}
        />
      </div>
    </SettingsForm>
  );
}

export function MaintenanceSettings({ saved, failure }: { saved: Settings["maintenance"]; failure?: ActionFailure }) {
  return (
    <SettingsForm
      id="maintenance"
      title="Maintenance notice"
      description="Warns everyone of planned downtime of the portal, between the times you give."
      intent="maintenance"
      group={saved}
      failure={failure}
    >
      <CheckboxInput
        label="Show the notice"
        name="enabled"
        defaultChecked={failure ? failure.values.enabled === "true" : saved.enabled}
      />
      <Field
        label="Message"
        hint="What will happen, in plain words; up to 400 characters."
        maxLength={400}
        {...fieldProps(failure, "message", saved.message)}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="From (UTC)"
          type="datetime-local"
          {...fieldProps(failure, "startsAt", localInstant(saved.startsAt))}
        />
        <Field
          label="Until (UTC)"
          type="datetime-local"
          {...fieldProps(failure, "endsAt", localInstant(saved.endsAt))}
        />
      </div>
    </SettingsForm>
  );
}

export function ContactSettings({ saved, failure }: { saved: Settings["contactRecipients"]; failure?: ActionFailure }) {
  return (
    <SettingsForm
      id="contacts"
      title="Contact recipients"
      description="Who receives the messages people send about each topic. One address per line."
      intent="contacts"
      group={saved}
      failure={failure}
    >
      <div className="grid gap-4 md:grid-cols-2">
        {topics.map((topic) => (
          <TextAreaInput
            key={topic.name}
            rows={3}
            label={topic.label}
            hint={topic.hint}
            name={topic.name}
            defaultValue={fieldProps(failure, topic.name, saved[topic.name].join("\n")).defaultValue}
            error={listError(failure, topic.name)}
          />
        ))}
      </div>
    </SettingsForm>
  );
}

export function AnalyticsSettings({ saved, failure }: { saved: Settings["analytics"]; failure?: ActionFailure }) {
  const field = (name: keyof Omit<Settings["analytics"], "version" | "updatedAt" | "updatedBy">) =>
    fieldProps(failure, name, saved[name]);
  return (
    <SettingsForm
      id="analytics"
      title="Analytics identifiers"
      description="The identifiers of the five analytics tools. Leave one empty to keep that tool off. A tool that is on loads on the public pages only (never in the portal), and only for visitors who agree to its kind in the site's consent banner; the site's security policy lets in its hosts and no others. Public pages follow a change within seconds."
      intent="analytics"
      group={saved}
      failure={failure}
    >
      <div className="grid gap-4 md:grid-cols-2">
        <Field label="Tag manager container" hint="Like GTM-ABC1234" {...field("tagManagerId")} />
        <Field label="Web analytics measurement ID" hint="Like G-ABCDE12345" {...field("webAnalyticsId")} />
        <Field label="Advertising pixel ID" hint="Digits only" inputMode="numeric" {...field("pixelId")} />
        <Field
          label="Social ads pixel (partner ID)"
          hint="Digits only"
          inputMode="numeric"
          {...field("socialAdsPixelId")}
        />
        <Field
          label="Customer-data platform write key"
          hint="Letters and digits"
          autoComplete="off"
          {...field("customerDataWriteKey")}
        />
      </div>
    </SettingsForm>
  );
}
