/** A quiet "Made in USA" pill: a small flag motif in the brand blue and real text. */
export function MadeInUsaBadge({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 112 28" className={className} role="img" aria-label="Made in USA">
      <rect
        x=".5"
        y=".5"
        width="111"
        height="27"
        rx="13.5"
        className="fill-white stroke-gray-300 dark:fill-gray-900 dark:stroke-gray-700"
      />
      <g className="fill-bdblue-200 dark:fill-bdblue-800">
        <rect x="10" y="8" width="18" height="12" rx="1.5" />
      </g>
      <g className="fill-bdblue-500 dark:fill-bdblue-400">
        <rect x="10" y="8" width="18" height="2" rx="1" />
        <rect x="10" y="13" width="18" height="2" />
        <rect x="10" y="18" width="18" height="2" rx="1" />
        <rect x="10" y="8" width="8" height="7" rx="1" className="fill-bdblue-700 dark:fill-bdblue-600" />
      </g>
      <circle cx="14" cy="11.5" r="1.3" className="fill-white" />
      <text
        x="35"
        y="18"
        textLength="67"
        lengthAdjust="spacingAndGlyphs"
        className="fill-gray-700 text-[11px] font-semibold dark:fill-gray-200"
      >
        Made in USA
      </text>
    </svg>
  );
}
