import { ButtonLink } from "../../components/ui/button.tsx";
import { GridItem, PageGrid } from "../../components/ui/page-grid.tsx";
import type { RouteHandle } from "../../lib/route-handle.ts";
import { privatePageMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/contact-sent";

export const handle: RouteHandle = { hydrate: false };

/** A reference as the server makes them (server/domain/inquiries/submit.ts); anything else is not shown. */
const referencePattern = /^SR-[2-9A-HJKMNP-Z]{6}$/;

/**
 * Where the contact form lands once the message is kept (post/redirect/get): what happens
 * next, and the reference to quote for support topics. Rendered per request, kept out of
 * search engines; a reference in the address that is not one of ours is left out.
 */
export function loader({ url }: Route.LoaderArgs) {
  const reference = url.searchParams.get("reference");
  return { reference: reference && referencePattern.test(reference) ? reference : null };
}

export const meta: Route.MetaFunction = () => privatePageMeta("Message sent");

export default function ContactSent({ loaderData }: Route.ComponentProps) {
  const { reference } = loaderData;
  return (
    <PageGrid className="py-16 sm:py-24">
      <GridItem width="base">
        <div className="grid max-w-2xl gap-6" data-contact-sent="">
          <p className="text-base font-semibold text-emerald-700 dark:text-emerald-300">Message sent</p>
          <h1 className="text-3xl font-bold tracking-tight text-balance text-gray-950 sm:text-4xl dark:text-white">
            Thank you: your message reached our team
          </h1>
          {reference ? (
            <div className="rounded-2xl bg-gray-50 p-6 ring-1 ring-gray-200 dark:bg-gray-900 dark:ring-gray-800">
              <p className="text-base text-gray-700 dark:text-gray-300">Your reference</p>
              <p className="mt-1 font-mono text-3xl font-bold tracking-wider text-gray-950 dark:text-white">
                {reference}
              </p>
              <p className="mt-2 text-base text-gray-700 dark:text-gray-300">
                Please quote it when you write or call about this request.
              </p>
            </div>
          ) : null}
          <ul className="grid list-disc gap-2 pl-6 text-lg leading-8 text-gray-700 dark:text-gray-300">
            <li>A confirmation is on its way to the email address you gave.</li>
            <li>We reply within one or two business days (weekdays, 8:00 am to 5:00 pm Central Time).</li>
            <li>
              Anything urgent? Call us on{" "}
              <a className="font-semibold text-bdblue-700 underline dark:text-bdblue-300" href="tel:+16085550142">
                +1 608 555 0142
              </a>
              .
            </li>
          </ul>
          <div className="flex flex-wrap gap-3">
            <ButtonLink to="/" size="lg">
              Back to the home page
            </ButtonLink>
            <ButtonLink to="/about/contact" variant="secondary" size="lg">
              Send another message
            </ButtonLink>
          </div>
        </div>
      </GridItem>
    </PageGrid>
  );
}
