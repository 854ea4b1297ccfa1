import { redirect } from "react-router";
import { CertificationForm } from "../../components/site/certification-form.tsx";
import { PageView } from "../../components/site/sections/page-view.tsx";
import { failed, readForm } from "../../lib/actions.server.ts";
import { submit } from "../../lib/api.server.ts";
import { getPage } from "../../lib/content.server.ts";
import { text } from "../../lib/form-data.ts";
import { formTicket, reusedFormTicket } from "../../lib/form-ticket.ts";
import { graphql } from "../../lib/graphql.ts";
import { notFound } from "../../lib/route-error.ts";
import type { RouteHandle } from "../../lib/route-handle.ts";
import { errorMeta, pageMeta } from "../../lib/seo.ts";
import { structuredData } from "../../lib/structured-data.server.ts";
import type { Route } from "./+types/get-certified";

export const handle: RouteHandle = { hydrate: false, enhance: "forms" };

const ApplyForCertification = graphql(`
  mutation ApplyForCertification($input: ApplyForCertificationInput!) {
    applyForCertification(input: $input) {
      status
    }
  }
`);

/** Get Certified: the content page with its application form (prerendered; ADR 028). */
export function loader({ url, context }: Route.LoaderArgs) {
  const page = getPage("/about/get-certified");
  if (!page) throw notFound(url);
  return { page, jsonLd: structuredData(page), ticket: formTicket(context) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const outcome = await submit(context, ApplyForCertification, form);
  if (!outcome.ok) {
    const refused = failed("certification", outcome, form);
    refused.data.values.ticket = reusedFormTicket(context, text(form, "ticket") ?? null);
    return refused;
  }
  return redirect("/about/get-certified/sent", 303);
}

export const meta: Route.MetaFunction = ({ loaderData, error }) => {
  if (error) return errorMeta();
  const { page, jsonLd } = loaderData;
  return pageMeta({ title: page.title, description: page.description, path: page.path, jsonLd });
};

export default function GetCertifiedPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <PageView
      page={loaderData.page}
      forms={{
        certification: (
          <CertificationForm ticket={actionData?.values.ticket ?? loaderData.ticket} failure={actionData} />
        ),
      }}
    />
  );
}
