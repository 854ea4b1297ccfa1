import {
  contactTopics,
  listSettings,
  readSiteNotices,
  updateSetting,
  type Setting,
  type SettingKey,
  type SettingValue,
  type SiteNotices,
} from "../../domain/settings.ts";
import { builder, type GraphQLContext } from "../builder.ts";
import { UserRef } from "./refs.ts";

/** Each group carries its version (for the next update), and who saved it last, when. */
const Analytics = builder.objectRef<Setting<"analytics">>("AnalyticsSettings");
const Contacts = builder.objectRef<Setting<"contactRecipients">>("ContactRecipients");
const Announcement = builder.objectRef<Setting<"announcement">>("AnnouncementSettings");
const Maintenance = builder.objectRef<Setting<"maintenance">>("MaintenanceSettings");

const AnnouncementToneEnum = builder.enumType("AnnouncementTone", { values: ["info", "warning"] as const });

type Saved = Setting;
const savedBy = (setting: Saved, _args: object, context: GraphQLContext) =>
  setting.updatedById ? context.loaders.user.load(setting.updatedById) : null;

Analytics.implement({
  description: "Spec §1: identifiers for the five analytics loaders. Empty means that loader is off.",
  fields: (t) => ({
    version: t.exposeInt("version"),
    updatedAt: t.expose("updatedAt", { type: "DateTime", nullable: true }),
    updatedBy: t.field({ type: UserRef, nullable: true, resolve: savedBy }),
    tagManagerId: t.string({ nullable: true, resolve: (s) => s.value.tagManagerId }),
    webAnalyticsId: t.string({ nullable: true, resolve: (s) => s.value.webAnalyticsId }),
    pixelId: t.string({ nullable: true, resolve: (s) => s.value.pixelId }),
    socialAdsPixelId: t.string({ nullable: true, resolve: (s) => s.value.socialAdsPixelId }),
    customerDataWriteKey: t.string({ nullable: true, resolve: (s) => s.value.customerDataWriteKey }),
  }),
});

Contacts.implement({
  description: "Who receives the messages of each contact topic.",
  fields: (t) => ({
    version: t.exposeInt("version"),
    updatedAt: t.expose("updatedAt", { type: "DateTime", nullable: true }),
    updatedBy: t.field({ type: UserRef, nullable: true, resolve: savedBy }),
    ...Object.fromEntries(
      contactTopics.map((topic) => [
        topic,
        t.stringList({ resolve: (s: Setting<"contactRecipients">) => s.value[topic] }),
      ]),
    ),
  }),
});

const noticeFields = {
  startsAt: (value: { startsAt: string | null }) => (value.startsAt ? new Date(value.startsAt) : null),
  endsAt: (value: { endsAt: string | null }) => (value.endsAt ? new Date(value.endsAt) : null),
};

Announcement.implement({
  description: "A banner across the site, optionally within a time window.",
  fields: (t) => ({
    version: t.exposeInt("version"),
    updatedAt: t.expose("updatedAt", { type: "DateTime", nullable: true }),
    updatedBy: t.field({ type: UserRef, nullable: true, resolve: savedBy }),
    enabled: t.boolean({ resolve: (s) => s.value.enabled }),
    message: t.string({ nullable: true, resolve: (s) => s.value.message }),
    tone: t.field({ type: AnnouncementToneEnum, resolve: (s) => s.value.tone }),
    linkLabel: t.string({ nullable: true, resolve: (s) => s.value.linkLabel }),
    linkUrl: t.string({ nullable: true, resolve: (s) => s.value.linkUrl }),
    startsAt: t.field({ type: "DateTime", nullable: true, resolve: (s) => noticeFields.startsAt(s.value) }),
    endsAt: t.field({ type: "DateTime", nullable: true, resolve: (s) => noticeFields.endsAt(s.value) }),
  }),
});

Maintenance.implement({
  description: "A notice of planned maintenance, shown across the site within its window.",
  fields: (t) => ({
    version: t.exposeInt("version"),
    updatedAt: t.expose("updatedAt", { type: "DateTime", nullable: true }),
    updatedBy: t.field({ type: UserRef, nullable: true, resolve: savedBy }),
    enabled: t.boolean({ resolve: (s) => s.value.enabled }),
    message: t.string({ nullable: true, resolve: (s) => s.value.message }),
    startsAt: t.field({ type: "DateTime", nullable: true, resolve: (s) => noticeFields.startsAt(s.value) }),
    endsAt: t.field({ type: "DateTime", nullable: true, resolve: (s) => noticeFields.endsAt(s.value) }),
  }),
});

const SiteSettingsType = builder.objectRef<Setting[]>("SiteSettings").implement({
  fields: (t) => {
    const group =
      <Key extends SettingKey>(key: Key) =>
      (all: Setting[]) =>
        all.find((setting): setting is Setting<Key> => setting.key === key) as Setting<Key>;
    return {
      analytics: t.field({ type: Analytics, resolve: group("analytics") }),
      contactRecipients: t.field({ type: Contacts, resolve: group("contactRecipients") }),
      announcement: t.field({ type: Announcement, resolve: group("announcement") }),
      maintenance: t.field({ type: Maintenance, resolve: group("maintenance") }),
    };
  },
});

const ShowingAnnouncement = builder.objectRef<SettingValue<"announcement">>("Announcement").implement({
  fields: (t) => ({
    message: t.string({ resolve: (value) => value.message ?? "" }),
    tone: t.field({ type: AnnouncementToneEnum, resolve: (value) => value.tone }),
    linkLabel: t.exposeString("linkLabel", { nullable: true }),
    linkUrl: t.exposeString("linkUrl", { nullable: true }),
  }),
});

const ShowingMaintenance = builder.objectRef<SettingValue<"maintenance">>("MaintenanceNotice").implement({
  fields: (t) => ({
    message: t.string({ resolve: (value) => value.message ?? "" }),
    startsAt: t.field({ type: "DateTime", nullable: true, resolve: noticeFields.startsAt }),
    endsAt: t.field({ type: "DateTime", nullable: true, resolve: noticeFields.endsAt }),
  }),
});

const SiteNoticesType = builder.objectRef<SiteNotices>("SiteNotices").implement({
  description: "What the whole site shows right now: the banner and the maintenance notice, when on.",
  fields: (t) => ({
    announcement: t.field({ type: ShowingAnnouncement, nullable: true, resolve: (notices) => notices.announcement }),
    maintenance: t.field({ type: ShowingMaintenance, nullable: true, resolve: (notices) => notices.maintenance }),
  }),
});

builder.queryFields((t) => ({
  siteSettings: t.field({
    type: SiteSettingsType,
    description: "Typed site settings (admins).",
    resolve: (_root, _args, context) => listSettings(context.domain, {}),
  }),
  siteNotices: t.field({
    type: SiteNoticesType,
    description: "Anyone may read these.",
    resolve: (_root, _args, context) => readSiteNotices(context.domain, {}),
  }),
}));

const AnalyticsInput = builder.inputType("AnalyticsSettingsInput", {
  fields: (t) => ({
    tagManagerId: t.string(),
    webAnalyticsId: t.string(),
    pixelId: t.string(),
    socialAdsPixelId: t.string(),
    customerDataWriteKey: t.string(),
  }),
});

const ContactsInput = builder.inputType("ContactRecipientsInput", {
  fields: (t) => ({
    sales: t.stringList({ required: true }),
    support: t.stringList({ required: true }),
    service: t.stringList({ required: true }),
    training: t.stringList({ required: true }),
    general: t.stringList({ required: true }),
  }),
});

const AnnouncementInput = builder.inputType("AnnouncementInput", {
  fields: (t) => ({
    enabled: t.boolean({ required: true }),
    message: t.string(),
    tone: t.field({ type: AnnouncementToneEnum, required: true }),
    linkLabel: t.string(),
    linkUrl: t.string(),
    startsAt: t.field({ type: "DateTime" }),
    endsAt: t.field({ type: "DateTime" }),
  }),
});

const MaintenanceInput = builder.inputType("MaintenanceInput", {
  fields: (t) => ({
    enabled: t.boolean({ required: true }),
    message: t.string(),
    startsAt: t.field({ type: "DateTime" }),
    endsAt: t.field({ type: "DateTime" }),
  }),
});

const iso = (value: Date | null | undefined) => (value ? value.toISOString() : null);

builder.mutationFields((t) => ({
  updateAnalyticsSettings: t.field({
    type: Analytics,
    args: { version: t.arg.int({ required: true }), input: t.arg({ type: AnalyticsInput, required: true }) },
    resolve: async (_root, { version, input }, context) =>
      (await updateSetting(context.domain, { key: "analytics", version, value: input })) as Setting<"analytics">,
  }),
  updateContactRecipients: t.field({
    type: Contacts,
    args: { version: t.arg.int({ required: true }), input: t.arg({ type: ContactsInput, required: true }) },
    resolve: async (_root, { version, input }, context) =>
      (await updateSetting(context.domain, {
        key: "contactRecipients",
        version,
        value: input,
      })) as Setting<"contactRecipients">,
  }),
  updateAnnouncement: t.field({
    type: Announcement,
    args: { version: t.arg.int({ required: true }), input: t.arg({ type: AnnouncementInput, required: true }) },
    resolve: async (_root, { version, input }, context) =>
      (await updateSetting(context.domain, {
        key: "announcement",
        version,
        value: { ...input, startsAt: iso(input.startsAt), endsAt: iso(input.endsAt) },
      })) as Setting<"announcement">,
  }),
  updateMaintenanceNotice: t.field({
    type: Maintenance,
    args: { version: t.arg.int({ required: true }), input: t.arg({ type: MaintenanceInput, required: true }) },
    resolve: async (_root, { version, input }, context) =>
      (await updateSetting(context.domain, {
        key: "maintenance",
        version,
        value: { ...input, startsAt: iso(input.startsAt), endsAt: iso(input.endsAt) },
      })) as Setting<"maintenance">,
  }),
}));
