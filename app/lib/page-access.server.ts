import { data, type MiddlewareFunction } from "react-router";
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

/**
 * Route middleware for a page that works on every row of an entity (the admin pages):
 * it runs before the page's loader and action, and refuses with 403 unless the server's
 * own rules give the viewer that reach. The page never re-derives a role check.
 */
export function requireReach(entity: string, operation: string, refusal: string): MiddlewareFunction<Response> {
  return async ({ context }) => {
    const { viewer } = await query(context, ViewerCapabilities, {});
    const reach = viewer?.capabilityList.find((row) => row.entity === entity && row.operation === operation)?.reach;
    if (reach !== "all") throw data<ErrorPayload>({ name: "Not allowed", message: refusal }, { status: 403 });
  };
}
