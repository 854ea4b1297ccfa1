import { data, redirect, type RouterContextProvider } from "react-router";
import { isProductId, type ProductId } from "../../../shared/product-line.ts";
import type { DocsReader } from "./reader.ts";
import { ChooseDocsProduct, DocMarkdownQuery, DocPageQuery, DocsHomeQuery } from "./queries.ts";
import { readForm } from "../actions.server.ts";
import { mutate, tryQuery } from "../api.server.ts";
import { requestAuthContext } from "../../../shared/contracts/auth-context.ts";
import { canonicalDocPath, docHref, markdownHref } from "../../../shared/doc-paths.ts";
import { docsPreview } from "./preview.server.ts";
import { text } from "../form-data.ts";
import { notFound, type ErrorPayload } from "../route-error.ts";
import { requireUser } from "../sign-in.ts";

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

type ViewerFields = {
  user: { id: string; version: number };
  capabilities: { doc: { create: string } };
} | null;

/** What the docs' bar needs, from the page's own query. */
function readerOf(context: Context, product: ProductId, viewer: ViewerFields): DocsReader {
  return {
    product,
    csrfToken: context.get(requestAuthContext).csrfToken ?? "",
    user: viewer?.user ?? { id: "", version: 0 },
    canWrite: (viewer?.capabilities.doc.create ?? "none") !== "none",
  };
}

/** The docs' home: the navigation of the reader's generation, preview mode settled. */
export async function loadDocsHome(context: Context, url: URL) {
  requireUser(context, url);
  const preview = await docsPreview(context, url);
  const result = await tryQuery(context, DocsHomeQuery, { preview: preview.on });
  if (!result.ok) docsFailure(url, result.error);
  const { docsHome, viewer } = result.data;
  return { tree: docsHome.tree, preview, reader: readerOf(context, docsHome.product, viewer) };
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
  const { docPage, viewer } = result.data;
  if (docPage.redirectTo !== null) {
    throw redirect(`/docs/${docPage.redirectTo}${url.search}`, 301);
  }
  if (!docPage.reading) throw notFound(url);
  return {
    reading: docPage.reading,
    tree: docPage.tree,
    preview,
    markdownHref: markdownHref(docPage.reading.path),
    reader: readerOf(context, docPage.product, viewer),
  };
}

/**
 * The docs' one write: the reader chooses the generation the docs show them, kept on their
 * account (at the version the page was read; one changed meanwhile by their own other tab
 * is read again, since a choice loses nothing). Then the page they were on, again.
 */
export async function chooseDocsProduct({ request, context }: { request: Request; context: Context }) {
  const url = new URL(request.url);
  const user = requireUser(context, url);
  const form = await readForm(request, context);
  const product = text(form, "product");
  if (text(form, "intent") !== "product" || !isProductId(product)) {
    throw data<ErrorPayload>(
      { name: "That choice was not understood", message: "Choose the v5 or the v4; nothing was changed." },
      { status: 400 },
    );
  }
  const choose = (version: number) =>
    mutate(context, ChooseDocsProduct, { input: { id: user.id, version, docsProduct: product } });
  let chosen = await choose(Number(text(form, "version") ?? "0"));
  if (!chosen.ok && chosen.error.code === "CONFLICT") {
    const again = await tryQuery(context, DocsHomeQuery, {});
    if (again.ok && again.data.viewer) chosen = await choose(again.data.viewer.user.version);
  }
  if (!chosen.ok) {
    throw data<ErrorPayload>(
      { name: "Your choice was not kept", message: chosen.error.message },
      { status: chosen.error.status ?? 500 },
    );
  }
  throw redirect(`${url.pathname}${url.search}`, 303);
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
