import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import type { Capabilities } from "./nav.ts";
import { portalContext, requireReach, type Portal } from "./context.server.ts";

/** Runs a route's `requireReach` as the router would, for a viewer with these capabilities: the status it answers. */
async function statusFor(middleware: ReturnType<typeof requireReach>, capabilities: Capabilities): Promise<number> {
  const context = new RouterContextProvider();
  const portal: Portal = {
    viewer: {
      id: "00000000-0000-4000-8000-000000000001",
      name: "Probe",
      email: "probe@example.test",
      picture: null,
      role: "viewer",
      colorMode: "system",
      version: 1,
      sessionId: null,
    },
    capabilities,
    notices: { announcement: null, maintenance: null },
  };
  context.set(portalContext, portal);
  const url = new URL("https://densara.test/dashboard/devices");
  try {
    await middleware({ request: new Request(url), url, pattern: "/dashboard/devices", params: {}, context }, () =>
      Promise.resolve(new Response("the page")),
    );
    return 200;
  } catch (error) {
    const init = (error as { init?: ResponseInit | null }).init;
    return init?.status ?? 500;
  }
}

describe("requireReach", () => {
  const everyRow = requireReach("device", "read", "Only editors can open this page.");
  const anyRow = requireReach("device", "read", "Only members of an organization can open this page.", "some");

  it("lets through, by default, only those who reach every row", async () => {
    expect(await statusFor(everyRow, { device: { read: "all" } })).toBe(200);
    expect(await statusFor(everyRow, { device: { read: "some" } })).toBe(403);
    expect(await statusFor(everyRow, { device: { read: "none" } })).toBe(403);
    expect(await statusFor(everyRow, {})).toBe(403);
  });

  it('lets through, for "some", anyone with any reach: their own rows, or every row', async () => {
    expect(await statusFor(anyRow, { device: { read: "some" } })).toBe(200);
    expect(await statusFor(anyRow, { device: { read: "all" } })).toBe(200);
    expect(await statusFor(anyRow, { device: { read: "none" } })).toBe(403);
    expect(await statusFor(anyRow, { user: { read: "all" } })).toBe(403);
  });
});
