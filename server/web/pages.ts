import { createHash } from "node:crypto";
import type { ServerResponse } from "node:http";

/**
 * The few pages oidc-provider renders itself (the sign-out hand-over and its errors),
 * in the site's look: the site's stylesheet and classes, plain HTML, no framework.
 */
export type ProviderPageOptions = { stylesheets: readonly string[]; siteName: string };

export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (character) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[character] ?? character,
  );
}

/** Lets one inline script run by adding its hash to the response's CSP (as oidc-provider does for its own). */
export function allowInlineScript(response: ServerResponse, script: string): string {
  const csp = response.getHeader("content-security-policy");
  if (typeof csp === "string") {
    const hash = `'sha256-${createHash("sha256").update(script).digest("base64")}'`;
    response.setHeader(
      "content-security-policy",
      csp.replace(/script-src ([^;]*)/, (_match, sources: string) => `script-src ${sources} ${hash}`),
    );
  }
  return script;
}

export function providerPage(
  options: ProviderPageOptions,
  page: { title: string; body: string; script?: string | undefined; head?: string | undefined },
): string {
  const links = options.stylesheets.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`).join("");
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(page.title)} | ${escapeHtml(options.siteName)}</title>
${links}
${page.head ?? ""}
</head>
<body class="min-h-screen bg-gray-50 text-gray-900 dark:bg-gray-950 dark:text-gray-100">
<main id="main" class="mx-auto flex min-h-screen max-w-md flex-col justify-center gap-4 px-6 py-16 text-lg">
<a href="/" class="text-base font-semibold text-bdblue-700 underline-offset-4 hover:underline dark:text-bdblue-300">${escapeHtml(options.siteName)}</a>
${page.body}
</main>
${page.script ? `<script>${page.script}</script>` : ""}
</body>
</html>`;
}
