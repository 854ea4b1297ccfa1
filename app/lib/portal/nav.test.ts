import { describe, expect, it } from "vitest";
import { dashboardPages, inSidebarOrder, pageActions, reaches, visiblePages, type Capabilities } from "./nav.ts";

const labels = (capabilities: Capabilities) => visiblePages(capabilities).map((page) => page.label);

describe("reaches", () => {
  const capabilities: Capabilities = {
    device: { read: "some", update: "none" },
    user: { read: "all" },
  };

  it('takes every row for "all", the default', () => {
    expect(reaches(capabilities, { entity: "user", operation: "read" })).toBe(true);
    expect(reaches(capabilities, { entity: "user", operation: "read", reach: "all" })).toBe(true);
    expect(reaches(capabilities, { entity: "device", operation: "read" })).toBe(false);
    expect(reaches(capabilities, { entity: "device", operation: "read", reach: "all" })).toBe(false);
  });

  it('takes any reach at all for "some": the viewer\'s own rows, or every row', () => {
    expect(reaches(capabilities, { entity: "device", operation: "read", reach: "some" })).toBe(true);
    expect(reaches(capabilities, { entity: "user", operation: "read", reach: "some" })).toBe(true);
    expect(reaches(capabilities, { entity: "device", operation: "update", reach: "some" })).toBe(false);
  });

  it("takes nothing the capabilities do not name", () => {
    expect(reaches(capabilities, { entity: "device", operation: "delete", reach: "some" })).toBe(false);
    expect(reaches({}, { entity: "user", operation: "read", reach: "some" })).toBe(false);
  });
});

describe("the pages a viewer is offered", () => {
  it("are the pages everyone has, and those whose reach the viewer has", () => {
    // A viewer who reads published docs (some) and no user at all.
    expect(labels({ doc: { read: "some", preview: "none" }, user: { read: "none" } })).toEqual([
      "Overview",
      "Documentation",
      "Releases",
      "Your settings",
    ]);
  });

  it('keep a page that needs every row from someone who reaches only some, and give a "some" page to both', () => {
    const some = labels({ doc: { read: "some" }, user: { read: "some" }, activity: { read: "some" } });
    expect(some).not.toContain("Users");
    expect(some).not.toContain("Activity");
    expect(some).toContain("Documentation");
    const all = labels({ doc: { read: "all" }, user: { read: "all" } });
    expect(all).toContain("Users");
    expect(all).toContain("Documentation");
  });

  it("offer a page's actions only to those who may do them", () => {
    const ids = (capabilities: Capabilities) => pageActions(capabilities).map((action) => action.id);
    expect(ids({ user: { read: "all", invite: "none" }, token: { create: "all" } })).toEqual(["token"]);
    expect(ids({ user: { read: "all", invite: "all" } })).toEqual(["invite"]);
    // An action on a page the viewer does not have is not offered, whatever its own reach.
    expect(ids({ user: { read: "some", invite: "all" } })).toEqual([]);
  });
});

describe("the nav's data", () => {
  it("is plain data: every page and action is JSON as it stands", () => {
    expect(JSON.parse(JSON.stringify(dashboardPages))).toEqual(dashboardPages);
  });

  it("gives every page its own path and shortcut", () => {
    expect(new Set(dashboardPages.map((page) => page.to)).size).toBe(dashboardPages.length);
    expect(new Set(dashboardPages.map((page) => page.shortcut)).size).toBe(dashboardPages.length);
  });

  it("orders pages as the sidebar shows them: by group, in the order groups first appear", () => {
    const pages = [
      { group: "Portal", to: "a" },
      { group: "Account", to: "b" },
      { group: "Portal", to: "c" },
    ] as const;
    expect(inSidebarOrder(pages).map((page) => page.to)).toEqual(["a", "c", "b"]);
  });
});
