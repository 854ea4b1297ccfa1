import { redirect, type RouterContextProvider } from "react-router";
import { DocsPreviewAllowedQuery, DocsPreviewModeQuery } from "./queries.ts";
import { tryQuery } from "../api.server.ts";
import {
  docsPreviewContext,
  parsePreviewCookie,
  previewCookieValue,
  previewSwitchOf,
  withoutPreviewSwitches,
  type PreviewRequest,
  type PreviewState,
} from "../../../shared/contracts/docs-preview.ts";

type Context = Readonly<RouterContextProvider>;

/**
 * Whether a preview request holds for this reader, as the server's rules say: the reach of
 * its "preview" operation on docs, or the token's own check. The domain decides again on
 * every read; this keeps a viewer's page from claiming a preview it does not get. A link's
 * token is asked about on every request, so an expired one ends the preview at once.
 */
async function stateOf(context: Context, request: PreviewRequest): Promise<PreviewState> {
  if (request.kind === "editor") {
    const result = await tryQuery(context, DocsPreviewAllowedQuery, {});
    const reach = result.ok ? result.data.viewer?.capabilities.doc.preview : undefined;
    return reach && reach !== "none" ? { on: true, staging: request.staging, link: false } : { on: false };
  }
  const result = await tryQuery(context, DocsPreviewModeQuery, { token: request.token });
  const mode = result.ok ? result.data.docsPreviewMode : null;
  return mode ? { on: true, staging: mode.staging, link: true } : { on: false };
}

/**
 * Spec §4 preview mode for a docs page: `?preview=true` (with `&staging=true`),
 * `?previewToken=…` or `?preview=false` set or clear the stored choice and come back to
 * the same address without them; otherwise the stored choice, checked again.
 */
export async function docsPreview(context: Context, url: URL): Promise<PreviewState> {
  const box = context.get(docsPreviewContext);
  const flip = previewSwitchOf(url.searchParams);
  if (flip) {
    const state = flip.turn === "on" ? await stateOf(context, flip.request) : { on: false };
    box.outgoing = flip.turn === "on" && state.on ? previewCookieValue(flip.request) : null;
    throw redirect(withoutPreviewSwitches(url));
  }
  const stored = parsePreviewCookie(box.incoming);
  const state = stored ? await stateOf(context, stored) : { on: false as const };
  if (box.incoming !== null && !state.on) box.outgoing = null;
  return state;
}
