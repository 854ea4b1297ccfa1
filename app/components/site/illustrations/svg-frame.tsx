import { useId, type ReactNode } from "react";

type SvgFrameProps = {
  viewBox: string;
  className?: string;
  title?: string;
  children: ReactNode;
};

/**
 * The one place that decides an illustration's accessibility: with a title it
 * is an image labelled by its <title>, without one it is hidden decoration.
 */
export function SvgFrame({ viewBox, className, title, children }: SvgFrameProps) {
  const titleId = `${useId()}-title`;
  if (title) {
    return (
      <svg viewBox={viewBox} className={className} role="img" aria-labelledby={titleId}>
        <title id={titleId}>{title}</title>
        {children}
      </svg>
    );
  }
  return (
    <svg viewBox={viewBox} className={className} aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}
