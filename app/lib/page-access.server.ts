import { data, type RouterContextProvider } from "react-router";
import { query } from "./api.server.ts";
import { graphql } from "./graphql.ts";
import type { ErrorPayload } from "./route-error.ts";

const ViewerCapabilities = graphql(`
  query ViewerCapabilities {
    viewer {
      capabilityList {
        entity
        operation
        reach
      }
    }
  }
`);

/** What an admin page works on, and what it says to someone it refuses. */
export type PageReach = { entity: string; operation: string; refusal: string };

/**
 * For a page that works on every row of an entity (the admin pages): its loader and its
 * action call this first, and it refuses with 403 unless the server's own rules give the
 * viewer that reach. The refusal shows inside the portal's layout. The page never
 * re-derives a role check.
 */
export async function requireReach(context: Readonly<RouterContextProvider>, page: PageReach): Promise<void> {
  const { viewer } = await query(context, ViewerCapabilities, {});
  const reach = viewer?.capabilityList.find(
    (row) => row.entity === page.entity && row.operation === page.operation,
  )?.reach;
  if (reach !== "all") throw data<ErrorPayload>({ name: "Not allowed", message: page.refusal }, { status: 403 });
}
