import type { Database } from "../../db/client.ts";
import { settings } from "../../db/schema/index.ts";
import { adminsOnly, anyone, permissionCases } from "../../../tests/support/permission-cases.ts";
import { setting } from "../../../tests/support/domain-probes.ts";
import type { settingKeys } from "./index.ts";

/** Someone else saves the group first: its row appears at version 1, past the 0 the input names. */
const savedMeanwhile = (key: (typeof settingKeys)[number]) => async (tx: Database) => {
  await tx.insert(settings).values({ key, value: {}, version: 1 });
};

/**
 * The permission matrix's rows for this folder's operations (server/domain/permissions.test.ts
 * gathers them): who may run each, the probe that tries it on the actor's own rows and on
 * someone else's (tests/support/domain-probes.ts has the fixture), and which writes name
 * the version they start from.
 *
 * Settings: admins; what the site shows (the notices, the analytics loaders) is for anyone.
 */
export const cases = permissionCases({
  listSettings: { who: adminsOnly, probe: { input: () => ({}) } },
  readSiteNotices: { who: anyone, probe: { input: () => ({}) } },
  readSiteAnalytics: { who: anyone, probe: { input: () => ({}) } },
  updateAnalyticsSettings: {
    who: adminsOnly,
    probe: { input: setting({ tagManagerId: "GTM-ABC1234" }) },
    namesVersion: true,
    changedMeanwhile: savedMeanwhile("analytics"),
  },
  updateContactRecipients: {
    who: adminsOnly,
    probe: {
      input: setting({
        sales: ["a@example.test"],
        support: ["b@example.test"],
        service: ["c@example.test"],
        billing: ["f@example.test"],
        training: ["d@example.test"],
        general: ["e@example.test"],
      }),
    },
    namesVersion: true,
    changedMeanwhile: savedMeanwhile("contactRecipients"),
  },
  updateAnnouncement: {
    who: adminsOnly,
    probe: { input: setting({ enabled: false, tone: "info" }) },
    namesVersion: true,
    changedMeanwhile: savedMeanwhile("announcement"),
  },
  updateMaintenanceNotice: {
    who: adminsOnly,
    probe: { input: setting({ enabled: false }) },
    namesVersion: true,
    changedMeanwhile: savedMeanwhile("maintenance"),
  },
});
