import { Link } from "react-router";
import { footerColumns, socialLinks } from "../../lib/site/navigation.ts";
import { site } from "../../lib/brand.ts";
import { Logo } from "./logo.tsx";
import { MadeInUsaBadge } from "./made-in-usa-badge.tsx";
import { NavLinkTo } from "./nav-link.tsx";
import { SocialIcon } from "./social-icon.tsx";

export function Footer() {
  const year = new Date().getFullYear();
  return (
    <footer className="border-t border-gray-200 bg-gray-50 dark:border-gray-800 dark:bg-gray-900">
      <h2 className="sr-only">Site footer</h2>
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 lg:grid-cols-10 lg:px-8">
        <div className="space-y-4 lg:col-span-3">
          <Link to="/" className="inline-block rounded-md" aria-label={`${site.brand.name} home`}>
            <Logo className="h-8 w-auto" />
          </Link>
          <p className="max-w-xs text-base leading-7 text-gray-600 dark:text-gray-300">{site.brand.tagline}</p>
          <MadeInUsaBadge className="h-7 w-auto" />
        </div>
        <div className="grid grid-cols-2 gap-8 sm:grid-cols-4 lg:col-span-7">
          {footerColumns.map((column) => (
            <nav key={column.title} aria-labelledby={`footer-${column.title.toLowerCase()}`}>
              <h3
                id={`footer-${column.title.toLowerCase()}`}
                className="text-base font-semibold text-gray-900 dark:text-white"
              >
                {column.title}
              </h3>
              <ul className="mt-4 space-y-1">
                {column.links.map((link) => (
                  <li key={link.to}>
                    <NavLinkTo
                      link={link}
                      className="inline-flex min-h-9 items-center rounded text-base text-gray-600 underline-offset-2 hover:text-gray-950 hover:underline dark:text-gray-300 dark:hover:text-white"
                    />
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
      </div>
      <div className="border-t border-gray-200 dark:border-gray-800">
        <div className="mx-auto flex max-w-7xl flex-col-reverse items-center justify-between gap-4 px-4 py-6 sm:flex-row sm:px-6 lg:px-8">
          {/* Small print: the legal line and the cookie choices stay at 14 px; everything above is 16 px. */}
          <div className="flex flex-wrap items-center justify-center gap-x-4 gap-y-1">
            <p className="text-sm text-gray-600 dark:text-gray-300">
              © <span data-current-year>{year}</span> {site.company.legalName.replace(/\.$/, "")}. All rights reserved.
            </p>
            {/* Shown by the consent module, only where an analytics loader is on (ADR 030). */}
            <button
              type="button"
              hidden
              data-consent-open=""
              className="inline-flex min-h-8 items-center rounded text-sm text-gray-600 underline underline-offset-2 hover:text-gray-950 dark:text-gray-300 dark:hover:text-white"
            >
              Cookie choices
            </button>
          </div>
          <ul className="flex items-center gap-1" aria-label="Social media">
            {socialLinks.map((link) => (
              <li key={link.network}>
                <a
                  href={link.to}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex size-11 items-center justify-center rounded-md text-gray-600 hover:bg-gray-200 hover:text-gray-950 dark:text-gray-300 dark:hover:bg-gray-800 dark:hover:text-white"
                >
                  <SocialIcon network={link.network} />
                  <span className="sr-only">
                    {site.brand.name} on {link.label} (opens in a new tab)
                  </span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </footer>
  );
}
