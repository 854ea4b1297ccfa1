import type { OutgoingHttpHeaders } from "node:http";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { formTicketPlaceholder } from "../../shared/contracts/form-ticket.ts";
import { chooseEncoding, type BuildFile, type BuildFileAnswer } from "./build-files.ts";
import type { FormTickets } from "./security/form-tickets.ts";
import { requestIsHttps } from "./security/headers.ts";

/** A prerendered page with a public form: its bytes around the ticket, and its headers. */
type FormPage = { parts: string[]; headers: BuildFile["headers"] };

/**
 * Prerendered pages that hold a public form (the contact form) stay prerendered, with
 * one hole: the form's ticket, which says when the page was served (form-tickets.ts).
 * Each answer fills it and compresses the page (a few hundred microseconds for these few
 * pages, against rendering it); it is never stored by a shared cache, so every visitor's
 * ticket is their own. Every other build file stays fixed bytes (ADR 010).
 */
export function createFormPageAnswerer(options: {
  files: ReadonlyMap<string, BuildFile>;
  tickets: Pick<FormTickets, "issue">;
  https: boolean;
  trustProxy: boolean;
  now?: () => Date;
}) {
  const now = options.now ?? (() => new Date());
  const pages = new Map<string, FormPage>();
  for (const [path, file] of options.files) {
    if (!String(file.headers.http["content-type"]).startsWith("text/html")) continue;
    const html = file.identity.toString("utf8");
    if (!html.includes(formTicketPlaceholder)) continue;
    pages.set(path, { parts: html.split(formTicketPlaceholder), headers: file.headers });
  }

  function answer(method: string, path: string, header: (name: string) => string | undefined): BuildFileAnswer | null {
    if (method !== "GET" && method !== "HEAD") return null;
    const page = pages.get(path);
    if (!page) return null;
    const identity = Buffer.from(page.parts.join(options.tickets.issue(now())), "utf8");
    const encoding = chooseEncoding(header("accept-encoding"), { encoded: { br: true, gzip: true } });
    const body =
      encoding === "br"
        ? brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
        : encoding === "gzip"
          ? gzipSync(identity, { level: 6 })
          : identity;
    const https = requestIsHttps(options, header("x-forwarded-proto"));
    const { "accept-ranges": _ranges, ...base } = https ? page.headers.https : page.headers.http;
    const headers: OutgoingHttpHeaders = {
      ...base,
      "cache-control": "private, no-cache",
      ...(encoding ? { "content-encoding": encoding } : {}),
      "content-length": body.length,
    };
    return { status: 200, headers, body: method === "HEAD" ? null : body };
  }

  return Object.assign(answer, {
    /** The pages answered here: the fixed-bytes answerer leaves them out. */
    paths: new Set(pages.keys()),
    /**
     * A page as it is now kept (the notices and the analytics data block put in, with its
     * CSP: ADR 029, 030); its ticket's placeholder is where it was.
     */
    replace(path: string, file: Pick<BuildFile, "identity" | "headers">): void {
      const html = file.identity.toString("utf8");
      if (pages.has(path) && html.includes(formTicketPlaceholder)) {
        pages.set(path, { parts: html.split(formTicketPlaceholder), headers: file.headers });
      }
    },
  });
}
