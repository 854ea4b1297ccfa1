import { redirect } from "react-router";
import { CertificationForm } from "../../components/site/certification-form.tsx";
import { PageView } from "../../components/site/sections/page-view.tsx";
import { getPage } from "../../lib/site/content.server.ts";
import { formTicket } from "../../../shared/contracts/form-ticket.ts";
import { sendPublicForm } from "../../lib/site/public-form.server.ts";
import { graphql } from "../../lib/graphql.ts";
import { notFound } from "../../lib/route-error.ts";
import type { RouteHandle } from "../../lib/route-handle.ts";
import { publicOrigin } from "../../../shared/contracts/app-config.ts";
import { errorMeta, pageMeta } from "../../lib/seo.ts";
import { structuredData } from "../../lib/site/structured-data.server.ts";
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
  const origin = publicOrigin(context);
  return { page, origin, jsonLd: structuredData(page, origin), ticket: formTicket(context) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const outcome = await sendPublicForm(context, request, ApplyForCertification, "certification");
  if (!outcome.ok) return outcome.refused;
  return redirect("/about/get-certified/sent", 303);
}

export const meta: Route.MetaFunction = ({ loaderData, error }) => {
  if (error) return errorMeta();
  const { page, origin, jsonLd } = loaderData;
  return pageMeta({ title: page.title, description: page.description, path: page.path, origin, jsonLd });
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
