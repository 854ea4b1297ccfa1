import { z } from "zod";
import { email, oneLine, optionalLine } from "../core/fields.ts";

/**
 * The site's typed settings, one group per row. Each group is a set of fields and the
 * rules between them: the same fields make the stored value's schema and the input of
 * the group's update (with the version it starts from).
 */

const optionalId = (pattern: RegExp, example: string) =>
  oneLine("the identifier")
    .trim()
    .max(64, "Use at most 64 characters.")
    .nullish()
    .transform((value) => (value ? value : null))
    .refine(
      (value) => value === null || pattern.test(value),
      `Enter an identifier like ${example}, or leave it empty.`,
    );

/** Spec §1: the five analytics loaders. Empty means off; the loaders themselves come with their own issue. */
const analytics = {
  tagManagerId: optionalId(/^GTM-[A-Z0-9]{4,12}$/, "GTM-ABC1234"),
  webAnalyticsId: optionalId(/^G-[A-Z0-9]{4,16}$/, "G-ABCDE12345"),
  pixelId: optionalId(/^[0-9]{10,20}$/, "123456789012345"),
  socialAdsPixelId: optionalId(/^[0-9]{4,12}$/, "1234567"),
  customerDataWriteKey: optionalId(/^[A-Za-z0-9]{16,64}$/, "a 32-letter write key"),
};

/**
 * Who hears of each kind of message: the contact form's topics (inquiries) and
 * `training`, for certification applications.
 */
export const contactTopics = ["sales", "support", "service", "billing", "general", "training"] as const;
export type ContactTopic = (typeof contactTopics)[number];

const recipients = z
  .array(email, { error: "Give the addresses, one per line." })
  .min(1, "Give at least one address.")
  .max(10, "Give at most 10 addresses.")
  .refine((list) => new Set(list).size === list.length, "List each address once.");

const contactRecipients = Object.fromEntries(contactTopics.map((topic) => [topic, recipients])) as Record<
  ContactTopic,
  typeof recipients
>;

/** A link on a banner: a path on this site, or an https address. */
const bannerLink = oneLine("the link's address")
  .trim()
  .max(300, "Use at most 300 characters.")
  .nullish()
  .transform((value) => (value ? value : null))
  .refine(
    (value) => value === null || /^\/(?![/\\])[^\s]*$/.test(value) || /^https:\/\/[^\s]+$/.test(value),
    "Enter a path on this site (like /products/v5) or a full https address.",
  );

const instant = z.iso
  .datetime({ offset: true, error: "Enter a date and time." })
  .nullish()
  .transform((value) => value ?? null);

export const announcementTone = z
  .enum(["info", "warning"], { error: "Choose news (info) or a warning." })
  .meta({ id: "AnnouncementTone" });

const announcement = {
  enabled: z.boolean({ error: "Say whether to show the banner." }),
  message: optionalLine("the announcement", 240),
  tone: announcementTone,
  linkLabel: optionalLine("the link's words", 60),
  linkUrl: bannerLink,
  startsAt: instant,
  endsAt: instant,
};

const maintenance = {
  enabled: z.boolean({ error: "Say whether to show the notice." }),
  message: optionalLine("the notice", 400),
  startsAt: instant,
  endsAt: instant,
};

type Window = { startsAt: string | null; endsAt: string | null };

function ordered(value: Window, context: z.RefinementCtx): void {
  if (value.startsAt && value.endsAt && new Date(value.startsAt) >= new Date(value.endsAt)) {
    context.addIssue({ code: "custom", path: ["endsAt"], message: "The end must come after the start." });
  }
}

/** Each group's fields, and the rules between them. */
export const settingGroups = {
  analytics: { fields: analytics, rules: () => undefined },
  contactRecipients: { fields: contactRecipients, rules: () => undefined },
  announcement: {
    fields: announcement,
    rules: (
      value: Window & { enabled: boolean; message: string | null; linkLabel: string | null; linkUrl: string | null },
      context: z.RefinementCtx,
    ) => {
      if (value.enabled && value.message === null) {
        context.addIssue({
          code: "custom",
          path: ["message"],
          message: "Write the announcement before you turn it on.",
        });
      }
      if ((value.linkUrl === null) !== (value.linkLabel === null)) {
        context.addIssue({
          code: "custom",
          path: ["linkLabel"],
          message: "Give the link both words and an address, or neither.",
        });
      }
      ordered(value, context);
    },
  },
  maintenance: {
    fields: maintenance,
    rules: (value: Window & { enabled: boolean; message: string | null }, context: z.RefinementCtx) => {
      if (value.enabled && value.message === null) {
        context.addIssue({
          code: "custom",
          path: ["message"],
          message: "Say what will happen and when before you turn the notice on.",
        });
      }
      ordered(value, context);
    },
  },
} as const;

export type SettingKey = keyof typeof settingGroups;
export const settingKeys = Object.keys(settingGroups) as SettingKey[];

/** A group's stored value, checked as it is read back. */
export const settingSchemas = {
  analytics: z.object(analytics),
  contactRecipients: z.object(contactRecipients),
  announcement: z.object(announcement).superRefine(settingGroups.announcement.rules),
  maintenance: z.object(maintenance).superRefine(settingGroups.maintenance.rules),
};
export type SettingValue<Key extends SettingKey> = z.output<(typeof settingSchemas)[Key]>;

export const settingLabels: Record<SettingKey, string> = {
  analytics: "Analytics identifiers",
  contactRecipients: "Contact recipients",
  announcement: "Announcement banner",
  maintenance: "Maintenance notice",
};

export const settingDefaults: { [Key in SettingKey]: SettingValue<Key> } = {
  analytics: {
    tagManagerId: null,
    webAnalyticsId: null,
    pixelId: null,
    socialAdsPixelId: null,
    customerDataWriteKey: null,
  },
  contactRecipients: {
    sales: ["sales@densara.example"],
    support: ["support@densara.example"],
    service: ["service@densara.example"],
    billing: ["billing@densara.example"],
    training: ["training@densara.example"],
    general: ["info@densara.example"],
  },
  announcement: {
    enabled: false,
    message: null,
    tone: "info",
    linkLabel: null,
    linkUrl: null,
    startsAt: null,
    endsAt: null,
  },
  maintenance: { enabled: false, message: null, startsAt: null, endsAt: null },
};
