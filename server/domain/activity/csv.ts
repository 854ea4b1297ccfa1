import type { Activity } from "./entity.ts";

export type ActivityCsv = { csv: string; rows: number; truncated: boolean };

/** A spreadsheet must not run a cell as a formula: text that starts like one is quoted. */
function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? "" : typeof value === "string" ? value : JSON.stringify(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

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
