import { ButtonLink } from "../../components/ui/button.tsx";
import { GridItem, PageGrid } from "../../components/ui/page-grid.tsx";
import type { RouteHandle } from "../../lib/route-handle.ts";
import { privatePageMeta } from "../../lib/seo.ts";

export const handle: RouteHandle = { hydrate: false };

export const meta = () => privatePageMeta("Application sent");

/** Where the Get Certified form lands once the application is kept (post/redirect/get). */
export default function ApplicationSent() {
  return (
    <PageGrid className="py-16 sm:py-24">
      <GridItem width="base">
        <div className="grid max-w-2xl gap-6">
          <p className="text-base font-semibold text-emerald-700 dark:text-emerald-300">Application sent</p>
          <h1 className="text-3xl font-bold tracking-tight text-balance text-gray-950 sm:text-4xl dark:text-white">
            Thank you: your application reached our training team
          </h1>
          <ul className="grid list-disc gap-2 pl-6 text-lg leading-8 text-gray-700 dark:text-gray-300">
            <li>A confirmation is on its way to the email address you gave.</li>
            <li>We will write within two business days to agree a course date.</li>
            <li>
              Questions? Call the training team on{" "}
              <a className="font-semibold text-bdblue-700 underline dark:text-bdblue-300" href="tel:+16085550150">
                +1 608 555 0150
              </a>
              .
            </li>
          </ul>
          <div className="flex flex-wrap gap-3">
            <ButtonLink to="/about/get-certified" size="lg">
              Back to Get Certified
            </ButtonLink>
            <ButtonLink to="/" variant="secondary" size="lg">
              The home page
            </ButtonLink>
          </div>
        </div>
      </GridItem>
    </PageGrid>
  );
}
