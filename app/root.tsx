import type { ReactNode } from "react";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useMatches } from "react-router";
import enhanceManifest from "virtual:enhance-manifest";
import interFont from "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url";
import type { Route } from "./+types/root";
import appCss from "./app.css?url";
import { colorModeScript } from "./lib/color-mode.ts";
import { errorMeta } from "./lib/seo.ts";
import { useNonce } from "./lib/nonce.ts";
import { enhancementOf, forcedColorMode, shouldHydrate } from "./lib/route-handle.ts";
import { speculationRules } from "./lib/site/speculation.ts";

export const links: Route.LinksFunction = () => [
  { rel: "preload", href: interFont, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "stylesheet", href: appCss },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "manifest", href: "/site.webmanifest" },
];

export const meta: Route.MetaFunction = ({ error }) => (error ? errorMeta() : []);

const headScript = colorModeScript();

export function Layout({ children }: { children: ReactNode }) {
  const matches = useMatches();
  const nonce = useNonce();
  const hydrate = shouldHydrate(matches);
  const forced = forcedColorMode(matches);
  return (
    <html lang="en" data-force-color-mode={forced} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#ffffff" media="(prefers-color-scheme: light)" />
        <meta name="theme-color" content="#030712" media="(prefers-color-scheme: dark)" />
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: headScript }} />
        <Meta />
        <Links />
        {hydrate || !enhanceManifest ? null : (
          <>
            <script type="module" src={enhanceManifest[enhancementOf(matches)]} nonce={nonce} />
            <script type="speculationrules" nonce={nonce} dangerouslySetInnerHTML={{ __html: speculationRules }} />
          </>
        )}
      </head>
      <body>
        {children}
        {hydrate ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : null}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export { PlainErrorBoundary as ErrorBoundary } from "./components/site/plain-error-boundary.tsx";
