import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { dashboardPages, type DashboardPage } from "../../app/lib/portal/nav.ts";
import {
  adminOnlyPages,
  adminPages,
  adminSidebarLabels,
  benchPortalPaths,
  benchReadingPaths,
  documentPages,
  pageNotes,
} from "./portal-pages.ts";

const root = new URL("../../", import.meta.url);
const source = (path: string) => readFileSync(new URL(path, root), "utf8");

/**
 * Where the end-to-end sweeps check a nav page: in the portal's sweeps, or in the spec a
 * page outside the portal's app names. Nothing, when the sweeps would skip it.
 */
function sweptAt(page: Pick<DashboardPage, "to" | "document">, notes = pageNotes): string | undefined {
  if (adminPages.some((swept) => swept.path === page.to)) return "the portal's sweeps";
  const spec = notes[page.to]?.sweptBy;
  if (!page.document || !spec || !existsSync(new URL(spec, root))) return undefined;
  return source(spec).includes(`"${page.to}"`) ? spec : undefined;
}

describe("the end-to-end sweeps", () => {
  it("check every page of the nav", () => {
    const skipped = dashboardPages.filter((page) => sweptAt(page) === undefined).map((page) => page.to);
    expect(skipped, "a nav page no sweep checks: a page outside the portal's app names its spec in pageNotes").toEqual(
      [],
    );
    expect(adminSidebarLabels).toEqual(
      [...dashboardPages].sort((a, b) => groupIndex(a) - groupIndex(b)).map((page) => page.label),
    );
  });

  it("name no page the nav does not have", () => {
    const navPaths = new Set(dashboardPages.map((page) => page.to));
    const named = [
      ...adminPages.map((page) => page.path),
      ...Object.keys(pageNotes),
      ...documentPages.map((page) => page.path),
    ];
    expect(named.filter((path) => !navPaths.has(path))).toEqual([]);
  });

  it("notice a page added to the nav that they would skip, and one they name that the nav lacks", () => {
    const outside = { to: "/devices/map", document: true } as const;
    expect(sweptAt(outside)).toBeUndefined();
    expect(sweptAt(outside, { "/devices/map": { sweptBy: "tests/e2e/no-such.spec.ts" } })).toBeUndefined();
    expect(sweptAt(outside, { "/devices/map": { sweptBy: "tests/e2e/docs.spec.ts" } })).toBeUndefined();
    expect(sweptAt({ to: "/docs", document: true })).toBe("tests/e2e/docs.spec.ts");
    expect(sweptAt({ to: "/dashboard/admin/users" })).toBe("the portal's sweeps");
  });

  it("run over the derived lists: axe, the sidebar, the access checks and the Nu checker", () => {
    for (const spec of [
      "tests/e2e/dashboard-a11y.spec.ts",
      "tests/e2e/dashboard-shell.spec.ts",
      "tests/e2e/html-validity.spec.ts",
    ]) {
      expect(source(spec), spec).toMatch(/for \(const .* of adminPages\)|adminPages\.map\(/);
    }
  });

  it("hold a viewer away from exactly the pages that take every row", () => {
    expect(adminOnlyPages.map((page) => page.label)).toEqual([
      "Media",
      "Users",
      "Organizations",
      "Inquiries",
      "Docs",
      "Activity",
      "Site settings",
    ]);
  });
});

describe("the JS budget", () => {
  it("measures every page of the portal's app and every reading page outside it", () => {
    const measured = new Set([...benchPortalPaths, ...benchReadingPaths]);
    expect(dashboardPages.filter((page) => !measured.has(page.to)).map((page) => page.to)).toEqual([]);
    expect(benchReadingPaths).toContain("/docs/calibration/daily-phantom-check");
    expect(source("scripts/bench/run.ts")).toMatch(/benchPortalPaths/);
  });
});

function groupIndex(page: DashboardPage): number {
  return [...new Set(dashboardPages.map((each) => each.group))].indexOf(page.group);
}
