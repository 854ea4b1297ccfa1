import type { ReactNode } from "react";
import { Link } from "react-router";
import type { NavigationLink } from "../../lib/site/navigation.ts";

/** One link of the navigation model: external links open in a new tab and say so. */
export function NavLinkTo({
  link,
  className,
  current,
  children,
}: {
  link: NavigationLink;
  className?: string;
  current?: boolean;
  children?: ReactNode;
}) {
  if (link.disabled) {
    return (
      <span aria-disabled="true" className={className}>
        {children ?? link.label}
      </span>
    );
  }
  if (link.target === "_blank") {
    return (
      <a href={link.to} target="_blank" rel="noopener noreferrer" className={className}>
        {children ?? link.label}
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    );
  }
  return (
    <Link to={link.to} className={className} aria-current={current ? "page" : undefined}>
      {children ?? link.label}
    </Link>
  );
}
