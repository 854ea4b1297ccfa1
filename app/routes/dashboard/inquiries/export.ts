import { query } from "../../../lib/api.server.ts";
import { requireUser } from "../../../lib/sign-in.ts";
import type { Route } from "./+types/export";
import { inquiryFilter } from "./filter.ts";
import { InquiryExport } from "./queries.ts";

/** The inbox as a CSV file, with the filters of the page it was asked from (at most 10,000 rows). */
export async function loader({ context, url }: Route.LoaderArgs) {
  requireUser(context, url);
  const data = await query(context, InquiryExport, { filter: inquiryFilter(url.searchParams) });
  const day = new Date().toISOString().slice(0, 10);
  return new Response(data.inquiryExport.csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="densara-inquiries-${day}.csv"`,
      "Cache-Control": "private, no-store",
      "X-Rows": String(data.inquiryExport.rows),
      "X-Rows-Truncated": String(data.inquiryExport.truncated),
    },
  });
}
