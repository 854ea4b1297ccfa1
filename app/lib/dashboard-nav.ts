/**
 * The portal's pages: one list for the sidebar, the command palette, the breadcrumbs
 * and the keyboard shortcuts. A page is listed only when it exists and the viewer's
 * capabilities (from the server's own rules) reach it; nothing here checks a role.
 */
export type Reach = "all" | "some" | "none";

/** What the server says the viewer may do: entity → operation → reach. */
export type Capabilities = Record<string, Record<string, Reach>>;

export type DashboardPage = {
  label: string;
  to: string;
  /** Name of the lucide icon the sidebar shows. */
  icon: "layout-dashboard" | "users" | "building" | "activity" | "settings" | "sliders";
  description: string;
  group: "Portal" | "Administration" | "Account";
  /** The two keys after "g" that go there. */
  shortcut: string;
  /** Whether the viewer may use the page. */
  visible: (capabilities: Capabilities) => boolean;
};

const reaches = (capabilities: Capabilities, entity: string, operation: string, reach: Reach = "all") =>
  capabilities[entity]?.[operation] === reach;

export const dashboardPages: readonly DashboardPage[] = [
  {
    label: "Overview",
    to: "/dashboard",
    icon: "layout-dashboard",
    description: "Counts, recent activity and shortcuts",
    group: "Portal",
    shortcut: "g d",
    visible: () => true,
  },
  {
    label: "Users",
    to: "/dashboard/admin/users",
    icon: "users",
    description: "Invite people, change roles, disable accounts, end sessions",
    group: "Administration",
    shortcut: "g u",
    visible: (capabilities) => reaches(capabilities, "user", "read"),
  },
  {
    label: "Organizations",
    to: "/dashboard/admin/organizations",
    icon: "building",
    description: "Clinics, hospitals, distributors and research sites",
    group: "Administration",
    shortcut: "g o",
    visible: (capabilities) => reaches(capabilities, "organization", "read"),
  },
  {
    label: "Activity",
    to: "/dashboard/admin/activity",
    icon: "activity",
    description: "The audit log of every change",
    group: "Administration",
    shortcut: "g a",
    visible: (capabilities) => reaches(capabilities, "activity", "read"),
  },
  {
    label: "Site settings",
    to: "/dashboard/admin/config",
    icon: "sliders",
    description: "Analytics, contact recipients, banner and maintenance notice",
    group: "Administration",
    shortcut: "g c",
    visible: (capabilities) => reaches(capabilities, "setting", "read"),
  },
  {
    label: "Your settings",
    to: "/dashboard/settings",
    icon: "settings",
    description: "Profile, colour mode, notifications, tokens and sessions",
    group: "Account",
    shortcut: "g s",
    visible: () => true,
  },
];

export function visiblePages(capabilities: Capabilities): DashboardPage[] {
  return dashboardPages.filter((page) => page.visible(capabilities));
}

/** The page a path belongs to (the deepest that matches), for the breadcrumbs and the sidebar's current mark. */
export function pageFor(pathname: string): DashboardPage | undefined {
  return [...dashboardPages]
    .sort((a, b) => b.to.length - a.to.length)
    .find((page) => pathname === page.to || pathname.startsWith(`${page.to}/`));
}

/** Whether the viewer may do an operation at all (on every row or on their own). */
export function can(capabilities: Capabilities, entity: string, operation: string): boolean {
  const reach = capabilities[entity]?.[operation];
  return reach === "all" || reach === "some";
}
