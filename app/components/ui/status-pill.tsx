/** A pill's colour. Each page maps its own states to one; the word inside always says it too. */
export type PillTone = "gray" | "blue" | "green" | "amber" | "violet";

// Dark text on a pale fill, pale text on a dark fill: well past 4.5:1 in both modes.
const toneClasses: Record<PillTone, string> = {
  gray: "bg-gray-100 text-gray-900 ring-gray-500/40 dark:bg-gray-800 dark:text-gray-100",
  blue: "bg-bdblue-50 text-bdblue-900 ring-bdblue-600/40 dark:bg-bdblue-950 dark:text-bdblue-100",
  green: "bg-emerald-50 text-emerald-900 ring-emerald-600/40 dark:bg-emerald-950 dark:text-emerald-100",
  amber: "bg-amber-50 text-amber-900 ring-amber-600/40 dark:bg-amber-950 dark:text-amber-100",
  violet: "bg-violet-50 text-violet-900 ring-violet-600/40 dark:bg-violet-950 dark:text-violet-100",
};

/** A short state in words, in a coloured pill: a person's status, a doc's, "Draft", "Needs alt text". */
export function StatusPill({ tone, children }: { tone: PillTone; children: string }) {
  return (
    <span
      className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${toneClasses[tone]}`}
    >
      {children}
    </span>
  );
}
