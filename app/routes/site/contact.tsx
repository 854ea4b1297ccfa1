import { redirect } from "react-router";
import { ContactForm } from "../../components/site/contact-form.tsx";
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
import type { Route } from "./+types/contact";

export const handle: RouteHandle = { hydrate: false, enhance: "forms" };

const SubmitInquiry = graphql(`
  mutation SubmitInquiry($input: SubmitInquiryInput!) {
    submitInquiry(input: $input) {
      reference
      topic
    }
  }
`);

/**
 * Contact Us (Sales & Support): the content page with its form. Prerendered, its form's
 * ticket put in as it is served; after a refused message the server renders it with the
 * visitor's words kept and a fresh ticket.
 */
export function loader({ url, context }: Route.LoaderArgs) {
  const page = getPage("/about/contact");
  if (!page) throw notFound(url);
  const origin = publicOrigin(context);
  return { page, origin, jsonLd: structuredData(page, origin), ticket: formTicket(context) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const outcome = await sendPublicForm(context, request, SubmitInquiry, "contact");
  if (!outcome.ok) return outcome.refused;
  const { reference } = outcome.data.submitInquiry;
  return redirect(reference ? `/about/contact/sent?reference=${reference}` : "/about/contact/sent", 303);
}

export const meta: Route.MetaFunction = ({ loaderData, error }) => {
  if (error) return errorMeta();
  const { page, origin, jsonLd } = loaderData;
  return pageMeta({ title: page.title, description: page.description, path: page.path, origin, jsonLd });
};

/** Beside the form on wide screens, under it on narrow ones: the ways to reach us without writing. */
function ContactAside() {
  return (
    <aside
      aria-labelledby="prefer-to-call"
      className="grid h-fit gap-4 rounded-2xl bg-gray-50 p-6 ring-1 ring-gray-200 dark:bg-gray-900 dark:ring-gray-800"
    >
      <h3 id="prefer-to-call" className="text-lg font-bold text-gray-950 dark:text-white">
        Prefer to call?
      </h3>
      <dl className="grid gap-3 text-base">
        {[
          ["Sales", "+1 608 555 0142", "+16085550142"],
          ["Technical support", "+1 608 555 0143", "+16085550143"],
          ["Service and repairs", "+1 608 555 0144", "+16085550144"],
        ].map(([team, number, dial]) => (
          <div key={team}>
            <dt className="text-gray-700 dark:text-gray-300">{team}</dt>
            <dd>
              <a className="font-semibold text-bdblue-700 underline dark:text-bdblue-300" href={`tel:${dial}`}>
                {number}
              </a>
            </dd>
          </div>
        ))}
      </dl>
      <p className="text-base text-gray-700 dark:text-gray-300">
        Weekdays, 8:00 am to 5:00 pm Central Time. Outside the United States, your local distributor is often the
        quickest: see{" "}
        <a className="font-semibold text-bdblue-700 underline dark:text-bdblue-300" href="/locations">
          our locations
        </a>
        .
      </p>
    </aside>
  );
}

export default function ContactPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <PageView
      page={loaderData.page}
      forms={{
        contact: (
          <div className="grid gap-12 lg:grid-cols-[minmax(0,48rem)_minmax(16rem,22rem)] lg:justify-between">
            <ContactForm ticket={actionData?.values.ticket ?? loaderData.ticket} failure={actionData} />
            <ContactAside />
          </div>
        ),
      }}
    />
  );
}
