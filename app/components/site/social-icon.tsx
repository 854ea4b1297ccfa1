import type { SocialNetwork } from "../../lib/site/navigation.ts";

/** Simple brand marks drawn for this site (the icon set ships no brand logos). */
const paths: Record<SocialNetwork, string> = {
  facebook:
    "M13.5 21v-7.5h2.6l.4-3h-3V8.6c0-.9.3-1.5 1.6-1.5h1.6V4.4c-.3 0-1.2-.1-2.3-.1-2.3 0-3.9 1.4-3.9 4v2.2H7.9v3h2.6V21h3z",
  instagram:
    "M12 7.2A4.8 4.8 0 1 0 12 16.8 4.8 4.8 0 0 0 12 7.2zm0 7.9a3.1 3.1 0 1 1 0-6.2 3.1 3.1 0 0 1 0 6.2zM17 5.8a1.1 1.1 0 1 0 0 2.2 1.1 1.1 0 0 0 0-2.2zM12 3.5c-2.3 0-2.6 0-3.5.1-3.1.1-4.8 1.8-4.9 4.9-.1.9-.1 1.2-.1 3.5s0 2.6.1 3.5c.1 3.1 1.8 4.8 4.9 4.9.9.1 1.2.1 3.5.1s2.6 0 3.5-.1c3.1-.1 4.8-1.8 4.9-4.9.1-.9.1-1.2.1-3.5s0-2.6-.1-3.5c-.1-3.1-1.8-4.8-4.9-4.9-.9-.1-1.2-.1-3.5-.1zm0 1.5c2.3 0 2.5 0 3.4.1 2.3.1 3.4 1.2 3.5 3.5.1.9.1 1.1.1 3.4s0 2.5-.1 3.4c-.1 2.3-1.2 3.4-3.5 3.5-.9.1-1.1.1-3.4.1s-2.5 0-3.4-.1c-2.3-.1-3.4-1.2-3.5-3.5-.1-.9-.1-1.1-.1-3.4s0-2.5.1-3.4c.1-2.3 1.2-3.4 3.5-3.5.9-.1 1.1-.1 3.4-.1z",
  linkedin:
    "M6.9 8.9H3.8V20h3.1V8.9zM5.4 4a1.8 1.8 0 1 0 0 3.6 1.8 1.8 0 0 0 0-3.6zM20.2 13.6c0-3-1.6-4.9-4.3-4.9-1.4 0-2.4.8-2.8 1.5V8.9h-3V20h3.1v-5.8c0-1.5.6-2.7 2.1-2.7s1.8 1.3 1.8 2.8V20h3.1v-6.4z",
  x: "M17.8 3.5h3l-6.6 7.5 7.8 10.3h-6.1l-4.8-6.2-5.5 6.2H2.6l7.1-8L2.2 3.5h6.2l4.3 5.7 5.1-5.7zm-1 16h1.7L7.3 5.2H5.5l11.3 14.3z",
};

export function SocialIcon({ network, className }: { network: SocialNetwork; className?: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className={className ?? "size-5"}>
      <path d={paths[network]} className="fill-current" fillRule="evenodd" />
    </svg>
  );
}
