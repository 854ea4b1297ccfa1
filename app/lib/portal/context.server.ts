import { createContext, data, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { query } from "../api.server.ts";
import { reaches, type Capabilities, type Needs } from "./nav.ts";
import { graphql, type ResultOf } from "../graphql.ts";
import type { ErrorPayload } from "../route-error.ts";
import { requireUser } from "../sign-in.ts";

const PortalQuery = graphql(`
  query DashboardLayout {
    viewer {
      sessionId
      user {
        id
        name
        email
        picture
        role
        colorMode
        version
      }
      capabilityList {
        entity
        operation
        reach
      }
    }
    siteNotices {
      announcement {
        message
        tone
        linkLabel
        linkUrl
      }
      maintenance {
        message
        startsAt
        endsAt
      }
    }
  }
`);

export type Portal = {
  viewer: NonNullable<ResultOf<typeof PortalQuery>["viewer"]>["user"] & { sessionId: string | null };
  capabilities: Capabilities;
  notices: ResultOf<typeof PortalQuery>["siteNotices"];
};

/** Where the layout's middleware keeps what it read (set by `loadPortal`). */
export const portalContext = createContext<Portal | null>(null);

/**
 * The portal's layout middleware: a signed-in person is required (a signed-out request,
 * `.data` ones included, is sent to sign in before any loader runs), and who they are and
 * what they may do is read once per request, for the layout and every page's own checks.
 */
export const loadPortal: MiddlewareFunction<Response> = async ({ context, url }) => {
  requireUser(context, url);
  const { viewer, siteNotices } = await query(context, PortalQuery, {});
  if (!viewer) throw new Response(null, { status: 401 });
  const capabilities: Capabilities = {};
  for (const { entity, operation, reach } of viewer.capabilityList) {
    (capabilities[entity] ??= {})[operation] = reach;
  }
  context.set(portalContext, {
    viewer: { ...viewer.user, sessionId: viewer.sessionId },
    capabilities,
    notices: siteNotices,
  });
};

/** What the layout's middleware read for this request. */
export function portalOf(context: Readonly<RouterContextProvider>): Portal {
  const portal = context.get(portalContext);
  if (!portal) throw new Error("portalOf() is for routes inside the dashboard layout");
  return portal;
}

/**
 * Route middleware for a page that works on the rows of an entity: it refuses with 403,
 * inside the portal's layout, unless the server's rules give the viewer this reach. It
 * runs before the page's loader and its action alike. `reach` is "all" (the default: a
 * page of every row, the admin pages) or "some": any reach at all, for a page of the
 * viewer's own rows (an organization's members see their organization's), which those
 * who reach every row also open.
 */
export function requireReach(
  entity: string,
  operation: string,
  refusal: string,
  reach: NonNullable<Needs["reach"]> = "all",
): MiddlewareFunction<Response> {
  return ({ context }) => {
    if (!reaches(portalOf(context).capabilities, { entity, operation, reach })) {
      throw data<ErrorPayload>({ name: "Not allowed", message: refusal }, { status: 403 });
    }
  };
}
