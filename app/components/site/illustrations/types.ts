/** Props shared by every site illustration. */
export type IllustrationProps = {
  /** Sizing and layout classes; the svg has a viewBox and no fixed size. */
  className?: string;
  /** Accessible name. Without it the illustration is decorative (aria-hidden). */
  title?: string;
};
