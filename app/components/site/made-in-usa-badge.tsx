/** The flag motif: stripes in the brand blue with a darker canton and one star. */
function Flag({ x }: { x: number }) {
  return (
    <>
      <g className="fill-bdblue-200 dark:fill-bdblue-800">
        <rect x={x} y="8" width="18" height="12" rx="1.5" />
      </g>
      <g className="fill-bdblue-500 dark:fill-bdblue-400">
        <rect x={x} y="8" width="18" height="2" rx="1" />
        <rect x={x} y="13" width="18" height="2" />
        <rect x={x} y="18" width="18" height="2" rx="1" />
        <rect x={x} y="8" width="8" height="7" rx="1" className="fill-bdblue-700 dark:fill-bdblue-600" />
      </g>
      <circle cx={x + 4} cy="11.5" r="1.3" className="fill-white" />
    </>
  );
}

/**
 * A quiet "Made in USA" pill: a small flag motif in the brand blue and real text. The
 * compact form (the flag and "USA", 60 by 28, against 118 by 28) is for a header with little room; both
 * are named "Made in USA".
 */
export function MadeInUsaBadge({ className, compact = false }: { className?: string; compact?: boolean }) {
  const width = compact ? 60 : 118;
  return (
    <svg viewBox={`0 0 ${width} 28`} className={className} role="img" aria-label="Made in USA">
      <rect
        x=".5"
        y=".5"
        width={width - 1}
        height="27"
        rx="13.5"
        className="fill-white stroke-gray-300 dark:fill-gray-900 dark:stroke-gray-700"
      />
      <Flag x={compact ? 8 : 10} />
      {compact ? (
        <text
          x="30"
          y="18.5"
          textLength="23"
          lengthAdjust="spacingAndGlyphs"
          className="fill-gray-800 text-[12px] font-bold dark:fill-gray-100"
        >
          USA
        </text>
      ) : (
        <text
          x="35"
          y="18.5"
          textLength="73"
          lengthAdjust="spacingAndGlyphs"
          className="fill-gray-800 text-[12px] font-semibold dark:fill-gray-100"
        >
          Made in USA
        </text>
      )}
    </svg>
  );
}
