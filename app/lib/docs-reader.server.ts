import { data, redirect, type RouterContextProvider } from "react-router";
import { DocMarkdownQuery, DocPageQuery } from "../routes/docs/queries.ts";
import { tryQuery } from "./api.server.ts";
import { canonicalDocPath, docHref, markdownHref } from "./doc-paths.ts";
import { docsPreview } from "./docs-preview.server.ts";
import { notFound, type ErrorPayload } from "./route-error.ts";
import { requireUser } from "./sign-in.ts";

type Context = Readonly<RouterContextProvider>;

/**
 * A refusal of the API as a docs screen: an address that names no doc (or none this
 * person may see, or a malformed one) is the spec's 404; anything else keeps its status.
 */
export function docsFailure(url: URL, error: { status?: number; message: string }): never {
  const status = error.status ?? 500;
  if (status === 400 || status === 404) throw notFound(url);
  throw data<ErrorPayload>(
    { name: status === 403 ? "Not allowed" : error.message, message: error.message },
    { status },
  );
}

/**
 * One doc page: signed in (or off to sign in and back), preview mode settled, then the
 * doc as this reader may see it. A moved doc answers 301 to where it went; a path with
 * no doc, or a draft outside preview, is the spec's 404.
 */
export async function loadDocPage(context: Context, url: URL, splat: string | undefined) {
  requireUser(context, url);
  // An address no doc could have is the spec's 404 before anything is read; another
  // spelling of a doc's path moves once, permanently, to the site's own (an ASCII path,
  // so the Location header is always valid, and the comparison is of encoded forms).
  const path = canonicalDocPath(splat ?? "");
  if (path === null) throw notFound(url);
  if (docHref(path) !== url.pathname) throw redirect(`${docHref(path)}${url.search}`, 301);
  const preview = await docsPreview(context, url);
  const result = await tryQuery(context, DocPageQuery, { path, preview: preview.on });
  if (!result.ok) docsFailure(url, result.error);
  const { docPage } = result.data;
  if (docPage.redirectTo !== null) {
    throw redirect(`/docs/${docPage.redirectTo}${url.search}`, 301);
  }
  if (!docPage.reading) throw notFound(url);
  return { reading: docPage.reading, tree: docPage.tree, preview, markdownHref: markdownHref(docPage.reading.path) };
}

/**
 * `/docs/{path}.md`: the doc's markdown as the reader may see it, as `text/markdown`, with
 * its title as the first heading. The same rules as the page (sign-in, preview, 404).
 */
export async function docMarkdownResponse(context: Context, url: URL): Promise<Response> {
  requireUser(context, url);
  const preview = await docsPreview(context, url);
  const path = canonicalDocPath(decodeURIComponent(url.pathname.slice("/docs/".length, -".md".length)));
  if (!path) throw notFound(url);
  const result = await tryQuery(context, DocMarkdownQuery, { path, preview: preview.on });
  if (!result.ok) docsFailure(url, result.error);
  const { title, description, body } = result.data.docMarkdown;
  const text = `# ${title}\n\n${description ? `${description}\n\n` : ""}${body.trimEnd()}\n`;
  return new Response(text, {
    headers: {
      "Content-Type": "text/markdown; charset=utf-8",
      "Content-Disposition": "inline",
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
