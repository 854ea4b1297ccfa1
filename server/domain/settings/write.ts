import { z } from "zod";
import { constraintViolation } from "../core/database.ts";
import { ConflictError } from "../core/errors.ts";
import { settingEntity, settingOf, type Setting } from "./entity.ts";
import { settingGroups, type SettingKey, type SettingValue } from "./groups.ts";
import { forgetNotices } from "./read.ts";

/** A group's version: 0 while it has never been saved (it reads as its defaults). */
const settingVersion = z
  .number({ error: "The version of the settings you edited is missing. Reload the page and try again." })
  .int("The version of the settings you edited is not valid. Reload the page and try again.")
  .min(0, "The version of the settings you edited is not valid. Reload the page and try again.");

function stale(): ConflictError {
  return new ConflictError(
    "Someone else changed these settings while you were editing. Reload to see theirs, then try again.",
  );
}

/** The update of one group: its fields, at the version the editor read, saved whole. */
function settingUpdate<const Key extends SettingKey>(key: Key) {
  const group = settingGroups[key];
  const input = z
    .object({ version: settingVersion, ...group.fields })
    .superRefine((value, context) => group.rules(value as never, context));
  return settingEntity.write({
    operation: "update",
    doing: "change the site settings",
    input,
    run: async (scope, submitted): Promise<Setting<Key>> => {
      const { version, ...value } = submitted as unknown as { version: number } & SettingValue<Key>;
      const current = await scope.findOptional(key);
      const before = settingOf(key, current);
      if (before.version !== version) throw stale();
      // The product acting on its own (seeding) is no one's account: there is no user to point at.
      const updatedById = scope.actor.via === "system" ? null : scope.actor.id;
      const saved = current
        ? await scope.update({ id: key, version }, { value, updatedById })
        : await scope.insert({ key, value, updatedAt: scope.now, updatedById }).catch((error: unknown) => {
            // Someone else saved the group first, at the same moment.
            throw constraintViolation(error)?.constraint === "settings_pkey" ? stale() : error;
          });
      // On PGlite no other query runs until this transaction ends, so no page can keep the old rows under the new stamp.
      if (key === "announcement" || key === "maintenance") forgetNotices();
      const after = settingOf(key, saved);
      await scope.audit({ row: saved, before: before.value, after: after.value });
      return after;
    },
  });
}

export const updateAnalyticsSettings = settingUpdate("analytics");
export const updateContactRecipients = settingUpdate("contactRecipients");
export const updateAnnouncement = settingUpdate("announcement");
export const updateMaintenanceNotice = settingUpdate("maintenance");
