/** A value of the activity log as people read it: "nothing", "yes", a name, rather than JSON. */
function readable(json: string | null): string {
  if (json === null) return "nothing";
  try {
    const value: unknown = JSON.parse(json);
    if (typeof value === "string") return value === "" ? "nothing" : value;
    if (typeof value === "boolean") return value ? "yes" : "no";
    if (Array.isArray(value) && value.length === 0) return "none";
    return typeof value === "number" ? String(value) : JSON.stringify(value);
  } catch {
    return json;
  }
}

/** What one write changed, folded away until asked for. */
export function Changes({
  changes,
}: {
  changes: readonly { field: string; from: string | null; to: string | null }[];
}) {
  // Nothing changed: a dash in the table's column (a stacked row shows nothing, see columns.tsx).
  if (changes.length === 0) return <span className="text-gray-600 dark:text-gray-400">—</span>;
  return (
    <details>
      <summary className="min-h-11 cursor-pointer py-2 font-semibold whitespace-nowrap text-bdblue-700 dark:text-bdblue-300">
        {changes.length === 1 ? "1 field" : `${changes.length} fields`}
      </summary>
      <dl className="grid gap-2 pb-2 text-sm">
        {changes.map((change) => (
          <div key={change.field}>
            <dt className="font-semibold">{change.field}</dt>
            <dd className="break-all">
              {readable(change.from)} → {readable(change.to)}
            </dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
