import { formActions, intent } from "../../../lib/actions.server.ts";
import { UpdateAnalytics, UpdateAnnouncement, UpdateContacts, UpdateMaintenance } from "./queries.ts";

/** The site settings page's forms, one per group; each is saved on its own. */
export const settingsActions = formActions("/dashboard/admin/config", {
  analytics: intent(UpdateAnalytics, () => ({ title: "Analytics identifiers saved" })),
  contacts: intent(UpdateContacts, () => ({ title: "Contact recipients saved" })),
  announcement: intent(UpdateAnnouncement, () => ({ title: "Announcement banner saved" })),
  maintenance: intent(UpdateMaintenance, () => ({ title: "Maintenance notice saved" })),
});
