/** The first stop for keyboard users on every layout: straight to `<main id="main">`. */
export function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only z-50 rounded-md bg-white px-4 py-3 font-semibold text-bdblue-800 shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3 dark:bg-gray-900 dark:text-bdblue-200"
    >
      Skip to main content
    </a>
  );
}
