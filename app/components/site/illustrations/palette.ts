/**
 * Shared Tailwind class names for the illustrations, so every drawing uses the
 * same light and dark tones. Colour is set on groups where possible (SVG fill
 * and stroke inherit), which keeps the inlined markup small.
 */
export const c = {
  // scene
  backdrop: "fill-bdblue-50 dark:fill-bdblue-950",
  floor: "fill-bdblue-100 dark:fill-gray-900",
  paper: "fill-white dark:fill-gray-800",
  receipt: "fill-white dark:fill-gray-300",
  line: "stroke-gray-300 dark:stroke-gray-600",
  muted: "fill-gray-200 dark:fill-gray-700",
  // device shell
  shell: "fill-white dark:fill-gray-600",
  shellEdge: "fill-white stroke-white dark:fill-gray-600 dark:stroke-gray-600",
  side: "fill-gray-200 dark:fill-gray-700",
  well: "fill-gray-300 dark:fill-gray-900",
  bezel: "fill-gray-800 stroke-gray-800 dark:fill-gray-950 dark:stroke-gray-950",
  display: "fill-bdblue-950",
  // brand
  brand: "fill-bdblue-500 dark:fill-bdblue-400",
  brandStroke: "stroke-bdblue-500 dark:stroke-bdblue-400",
  brandDeep: "fill-bdblue-700 dark:fill-bdblue-600",
  brandSoft: "fill-bdblue-200 dark:fill-bdblue-800",
  brandPale: "fill-bdblue-100 dark:fill-bdblue-900",
  // accents
  teal: "fill-teal-400 dark:fill-teal-300",
  tealStroke: "stroke-teal-400 dark:stroke-teal-300",
  amber: "fill-amber-400 dark:fill-amber-300",
  // people: skin tones are amber mixed towards white or gray, identical in both modes
  skinLight: "fill-[color-mix(in_oklab,var(--color-amber-700)_28%,white)]",
  skinMid: "fill-[color-mix(in_oklab,var(--color-amber-800)_62%,white)]",
  skinDeep: "fill-[color-mix(in_oklab,var(--color-amber-900)_72%,var(--color-gray-900))]",
  hairDark: "fill-gray-800 dark:fill-gray-950",
  hairGray: "fill-gray-300 dark:fill-gray-400",
} as const;
