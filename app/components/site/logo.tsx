/** The mark alone: the heel's curve with the waves, on its rounded square. */
function MarkShapes() {
  return (
    <>
      <rect width="32" height="32" rx="9" className="fill-bdblue-600 dark:fill-bdblue-500" />
      <g fill="none" strokeLinecap="round">
        <path d="M11 5v12a8 8 0 0 0 8 8h7" strokeWidth="3.4" className="stroke-white" />
        <path
          d="M15.5 13q2 2.5 0 5M19 12q2.8 3.5 0 7"
          strokeWidth="2"
          className="stroke-bdblue-200 dark:stroke-bdblue-100"
        />
      </g>
    </>
  );
}

/** The mark on its own, square, where there is no room for the name (the folded sidebar). */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} role="img" aria-label="Densara">
      <MarkShapes />
    </svg>
  );
}

/**
 * The Densara wordmark: the curve of a heel with ultrasound waves inside it,
 * beside the name. The name is live text in the page font; textLength keeps it
 * inside the viewBox whatever font ends up rendering it.
 */
export function Logo({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 136 32" className={className} role="img" aria-label="Densara">
      <MarkShapes />
      <text
        x="41"
        y="23.5"
        textLength="94"
        lengthAdjust="spacingAndGlyphs"
        className="fill-gray-900 text-[23px] font-semibold tracking-tight dark:fill-white"
      >
        Densara
      </text>
    </svg>
  );
}
