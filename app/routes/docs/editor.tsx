import { data } from "react-router";
import { DocEditor } from "../../components/docs/editor/doc-editor.tsx";
import { tryQuery, query } from "../../lib/api.server.ts";
import { docsFailure } from "../../lib/docs/reader.server.ts";
import { portalOf } from "../../lib/portal/context.server.ts";
import { notFound, type ErrorPayload } from "../../lib/route-error.ts";
import { privatePageMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/editor";
import { editorAction } from "./editor-action.server.ts";
import type { ShouldRevalidateFunctionArgs } from "react-router";
import type { KeptWork } from "../../components/docs/editor/use-server-draft.ts";
import { DocEditQuery, DocPlacesQuery, DocWorkQuery } from "../../components/docs/editor/queries.ts";

function refusal(message: string) {
  return data<ErrorPayload>({ name: "Not allowed", message }, { status: 403 });
}

/**
 * Spec §2 "/docs/add" and "/docs/edit?id=…": the doc (for edit), and the places it may go.
 * Who may write is the server's rule; this only turns its answer into the right screen.
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  const { capabilities } = portalOf(context);
  const editing = url.pathname === "/docs/edit";
  const id = url.searchParams.get("id");
  if (editing && !id) throw notFound(url);
  if (!editing && capabilities.doc?.create === "none") throw refusal("Only editors and admins add docs.");
  const { docTree } = await query(context, DocPlacesQuery, {});
  if (!id || !editing) {
    const parentId = url.searchParams.get("parent");
    return {
      doc: null,
      places: docTree,
      parentId: docTree.some((place) => place.id === parentId) ? parentId : null,
      kept: await keptWork(context, null),
    };
  }
  const found = await tryQuery(context, DocEditQuery, { id });
  if (!found.ok) docsFailure(url, found.error);
  if (!found.data.doc.can.save) throw refusal("Only editors and admins edit docs.");
  return {
    doc: found.data.doc,
    places: docTree,
    parentId: found.data.doc.parentId,
    kept: await keptWork(context, found.data.doc.id),
  };
}

/** The writer's unsaved work on this page, kept on the server from this or another browser. */
async function keptWork(context: Route.LoaderArgs["context"], docId: string | null): Promise<KeptWork | null> {
  const found = await tryQuery(context, DocWorkQuery, { docId });
  const work = found.ok ? found.data.docWork : null;
  if (!work) return null;
  return {
    ...work,
    parentId: work.parentId ?? "",
    position: work.position === null ? "" : String(work.position),
    products: work.products.join(","),
    counterpartId: work.counterpartId ?? "",
  };
}

/** The editor's own traffic (keeping the work, saying it is open) changes nothing this page loaded. */
const quietIntents = new Set(["keep", "drop", "open", "closed"]);

export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  const intent = formData?.get("intent");
  return typeof intent === "string" && quietIntents.has(intent) ? false : defaultShouldRevalidate;
}

export async function action({ request, context }: Route.ActionArgs) {
  return editorAction({ request, context });
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  privatePageMeta(loaderData.doc ? `Edit “${loaderData.doc.title}”` : "New doc");

/** The docs editor: markdown beside its live preview, with drafts, publishing and safe concurrent saving. */
export default function DocsEditor({ loaderData }: Route.ComponentProps) {
  return <DocEditor key={loaderData.doc?.id ?? "new"} {...loaderData} />;
}
