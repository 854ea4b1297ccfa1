import { tryQuery } from "../../lib/api.server.ts";
import { requestAuthContext } from "../../../shared/contracts/auth-context.ts";
import { DocSearchQuery } from "../../lib/docs/queries.ts";
import type { Route } from "./+types/docs-search";

const noStore = { "Cache-Control": "private, no-store" };

/**
 * The docs search for signed-in readers (the ⌘K panel on docs pages), through the API's
 * `docSearch`. Signed out, it answers 401 and names nothing; the public search index never
 * holds a doc.
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  if (!context.get(requestAuthContext).user) {
    return Response.json({ error: "Sign in to search the docs." }, { status: 401, headers: noStore });
  }
  const text = url.searchParams.get("q") ?? "";
  const result = await tryQuery(context, DocSearchQuery, { query: text, first: 8 });
  if (!result.ok) {
    return Response.json({ error: result.error.message }, { status: result.error.status ?? 500, headers: noStore });
  }
  return Response.json(result.data.docSearch, { headers: noStore });
}
