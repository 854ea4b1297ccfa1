/** A spreadsheet must not run a cell as a formula: text that starts like one is quoted. */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? "" : typeof value === "string" ? value : JSON.stringify(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows of cells as a CSV file: CRLF line ends, as spreadsheets expect. */
export function csvFile(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return `${[header.join(","), ...rows.map((row) => row.map(csvCell).join(","))].join("\r\n")}\r\n`;
}
