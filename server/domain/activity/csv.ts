import { csvCell } from "../core/csv.ts";
import type { Activity } from "./entity.ts";

export type ActivityCsv = { csv: string; rows: number; truncated: boolean };

export const activityCsvColumns = [
  "time (UTC)",
  "actor",
  "via",
  "action",
  "record type",
  "record id",
  "record",
  "changes",
  "address",
  "browser",
] as const;

/** The rows as a CSV file (RFC 4180: CRLF line ends, quoted where needed). */
export function activityCsv(rows: Activity[], truncated: boolean): ActivityCsv {
  const lines = [activityCsvColumns.join(",")];
  for (const row of rows) {
    lines.push(
      [
        row.at.toISOString(),
        row.actorLabel,
        row.via,
        row.action,
        row.targetType,
        row.targetId,
        row.targetLabel,
        Object.keys(row.changes).length ? row.changes : "",
        row.address,
        row.userAgent,
      ]
        .map(csvCell)
        .join(","),
    );
  }
  return { csv: `${lines.join("\r\n")}\r\n`, rows: rows.length, truncated };
}
