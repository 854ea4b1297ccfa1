import { query } from "../../../lib/api.server.ts";
import { activityFilter } from "./filter.ts";
import { graphql } from "../../../lib/graphql.ts";
import { requireUser } from "../../../lib/sign-in.ts";
import type { Route } from "./+types/export";

const ActivityExport = graphql(`
  query ActivityExport($filter: ActivityFilter) {
    activityExport(filter: $filter) {
      csv
      rows
      truncated
    }
  }
`);

/** The activity log as a CSV file, with the filters of the page it was asked from (at most 10,000 rows). */
export async function loader({ context, url }: Route.LoaderArgs) {
  requireUser(context, url);
  const data = await query(context, ActivityExport, { filter: activityFilter(url.searchParams) });
  const day = new Date().toISOString().slice(0, 10);
  return new Response(data.activityExport.csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="densara-activity-${day}.csv"`,
      "Cache-Control": "private, no-store",
      "X-Rows": String(data.activityExport.rows),
      "X-Rows-Truncated": String(data.activityExport.truncated),
    },
  });
}
