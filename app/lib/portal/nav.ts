/**
 * The portal's pages: one list for the sidebar (with its icons), the command palette
 * (pages and their actions), the breadcrumbs and the keyboard shortcuts, and the one the
 * end-to-end sweeps and the JS budget derive their page lists from
 * (`tests/support/portal-pages.ts`). A page is listed only when the viewer's capabilities
 * (from the server's own rules) reach it; nothing here checks a role.
 *
 * Plain data: no components and nothing that needs a browser, so tests and scripts import
 * it under Node. Icons are named; `app/components/dashboard/nav-icons.ts` draws them.
 */
export type Reach = "all" | "some" | "none";

/** What the server says the viewer may do: entity → operation → reach. */
export type Capabilities = Record<string, Record<string, Reach>>;

/**
 * An entity's operation, as the capabilities name it, and the reach it takes: every row
 * ("all", the default: a page of all of them), or any reach at all ("some": a page of the
 * viewer's own rows, such as an organization's members see; those who reach every row
 * have it too).
 */
export type Needs = { entity: string; operation: string; reach?: "all" | "some" };

/** The icons the portal's pages are drawn with, by name. */
export type NavIcon =
  | "activity"
  | "book-open"
  | "building"
  | "images"
  | "inbox"
  | "layout-dashboard"
  | "library"
  | "package-check"
  | "settings"
  | "sliders"
  | "users";

/** Something the command palette offers to do on a page, for those whose capabilities reach it. */
export type PageAction = Needs & { id: string; label: string; keywords: string[]; to: string; download?: boolean };

export type DashboardPage = {
  label: string;
  to: string;
  icon: NavIcon;
  description: string;
  group: "Portal" | "Administration" | "Account";
  /** The two keys after "g" that go there. */
  shortcut: string;
  /** The reach of an entity that the page needs; none for a page everyone has. */
  needs?: Needs;
  /** A page outside the portal's app (not hydrated with it): opened by a full page load. */
  document?: true;
  actions?: readonly PageAction[];
};

export const dashboardPages: readonly DashboardPage[] = [
  {
    label: "Overview",
    to: "/dashboard",
    icon: "layout-dashboard",
    description: "Counts, recent activity and shortcuts",
    group: "Portal",
    shortcut: "g d",
  },
  {
    label: "Documentation",
    to: "/docs",
    icon: "library",
    description: "Procedures for installing, calibrating, running and servicing the v5 and v4",
    group: "Portal",
    shortcut: "g h",
    needs: { entity: "doc", operation: "read", reach: "some" },
    document: true,
  },
  {
    label: "Users",
    to: "/dashboard/admin/users",
    icon: "users",
    description: "Invite people, change roles, disable accounts, end sessions",
    group: "Administration",
    shortcut: "g u",
    needs: { entity: "user", operation: "read" },
    actions: [
      {
        id: "invite",
        label: "Invite a person",
        keywords: ["user", "add"],
        to: "/dashboard/admin/users?invite=1",
        entity: "user",
        operation: "invite",
      },
    ],
  },
  {
    label: "Organizations",
    to: "/dashboard/admin/organizations",
    icon: "building",
    description: "Clinics, hospitals, distributors and research sites",
    group: "Administration",
    shortcut: "g o",
    needs: { entity: "organization", operation: "read" },
    actions: [
      {
        id: "organization",
        label: "Add an organization",
        keywords: ["clinic", "hospital", "new"],
        to: "/dashboard/admin/organizations?new=1",
        entity: "organization",
        operation: "create",
      },
    ],
  },
  {
    label: "Inquiries",
    to: "/dashboard/admin/inquiries",
    icon: "inbox",
    description: "Messages from the contact form: assign, note and close them",
    group: "Administration",
    shortcut: "g i",
    needs: { entity: "inquiry", operation: "read" },
    actions: [
      {
        id: "inquiries-export",
        label: "Export inquiries as CSV",
        keywords: ["contact", "leads", "messages", "download"],
        to: "/dashboard/admin/inquiries/export",
        download: true,
        entity: "inquiry",
        operation: "export",
      },
    ],
  },
  {
    label: "Docs",
    to: "/dashboard/admin/docs",
    icon: "book-open",
    description: "Every doc with its drafts and history; publish, unpublish and the trash",
    group: "Administration",
    shortcut: "g k",
    needs: { entity: "doc", operation: "preview" },
    actions: [
      {
        id: "doc",
        label: "New doc",
        keywords: ["docs", "documentation", "page", "write", "add"],
        to: "/docs/add",
        entity: "doc",
        operation: "create",
      },
    ],
  },
  {
    label: "Releases",
    to: "/dashboard/releases",
    icon: "package-check",
    description: "Software for the v4 and v5 scanners: notes and downloads",
    group: "Portal",
    shortcut: "g r",
    actions: [
      {
        id: "release",
        label: "Add a release",
        keywords: ["software", "firmware", "version", "new"],
        to: "/dashboard/releases?new=1",
        entity: "release",
        operation: "create",
      },
    ],
  },
  {
    label: "Media",
    to: "/dashboard/admin/media",
    icon: "images",
    description: "Images, PDFs and software archives for releases and docs",
    group: "Portal",
    shortcut: "g m",
    needs: { entity: "media", operation: "browse" },
  },
  {
    label: "Activity",
    to: "/dashboard/admin/activity",
    icon: "activity",
    description: "The audit log of every change",
    group: "Administration",
    shortcut: "g a",
    needs: { entity: "activity", operation: "read" },
    actions: [
      {
        id: "export",
        label: "Export the activity log as CSV",
        keywords: ["audit", "download"],
        to: "/dashboard/admin/activity/export",
        download: true,
        entity: "activity",
        operation: "export",
      },
    ],
  },
  {
    label: "Site settings",
    to: "/dashboard/admin/config",
    icon: "sliders",
    description: "Analytics, contact recipients, banner and maintenance notice",
    group: "Administration",
    shortcut: "g c",
    needs: { entity: "setting", operation: "read" },
  },
  {
    label: "Your settings",
    to: "/dashboard/settings",
    icon: "settings",
    description: "Profile, colour mode, notifications, tokens and sessions",
    group: "Account",
    shortcut: "g s",
    actions: [
      {
        id: "token",
        label: "Create a personal access token",
        keywords: ["api", "script"],
        to: "/dashboard/settings#tokens",
        entity: "token",
        operation: "create",
      },
    ],
  },
];

/** Whether the viewer may do an operation at all (on every row or on their own). */
export function can(capabilities: Capabilities, entity: string, operation: string): boolean {
  const reach = capabilities[entity]?.[operation];
  return reach === "all" || reach === "some";
}

/**
 * Whether the viewer has the reach a page or route needs: "all" takes every row; "some"
 * takes any reach at all (every row, or only the viewer's own).
 */
export function reaches(capabilities: Capabilities, needs: Needs): boolean {
  const reach = capabilities[needs.entity]?.[needs.operation];
  return needs.reach === "some" ? reach === "all" || reach === "some" : reach === "all";
}

export function visiblePages(capabilities: Capabilities): DashboardPage[] {
  return dashboardPages.filter((page) => !page.needs || reaches(capabilities, page.needs));
}

/** Pages in the sidebar's order: by group, in the order the groups first appear, and in list order within one. */
export function inSidebarOrder<Page extends Pick<DashboardPage, "group">>(pages: readonly Page[]): Page[] {
  const groups = [...new Set(pages.map((page) => page.group))];
  return groups.flatMap((group) => pages.filter((page) => page.group === group));
}

/** The actions of the pages the viewer has that the viewer may also do. */
export function pageActions(capabilities: Capabilities): PageAction[] {
  return visiblePages(capabilities).flatMap((page) =>
    (page.actions ?? []).filter((action) => can(capabilities, action.entity, action.operation)),
  );
}

/** The page a path belongs to (the deepest that matches), for the breadcrumbs and the sidebar's current mark. */
export function pageFor(pathname: string): DashboardPage | undefined {
  return [...dashboardPages]
    .sort((a, b) => b.to.length - a.to.length)
    .find((page) => pathname === page.to || pathname.startsWith(`${page.to}/`));
}
