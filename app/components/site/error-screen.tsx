import { Link } from "react-router";
import type { ErrorScreen as ErrorScreenData } from "../../lib/site/error-message.ts";
import { buttonClasses } from "../ui/button.tsx";
import { GridItem, PageGrid } from "../ui/page-grid.tsx";

/** Spec §2 "Error screen": status code, name and message, and a way home. */
export function ErrorScreen({ screen }: { screen: ErrorScreenData }) {
  return (
    <PageGrid className="py-24 sm:py-32">
      <GridItem width="narrow" className="text-center">
        <p className="text-base font-semibold text-bdblue-700 dark:text-bdblue-300" data-error-status>
          {screen.statusCode}
        </p>
        <h1 className="mt-4 text-3xl font-bold tracking-tight text-balance [overflow-wrap:anywhere] text-gray-950 sm:text-5xl dark:text-white">
          {screen.name}
        </h1>
        <p className="mt-6 text-lg leading-8 text-pretty text-gray-600 dark:text-gray-300">{screen.message}</p>
        <div className="mt-10 flex justify-center">
          <Link to="/" reloadDocument className={buttonClasses("primary", "lg")}>
            Go back home
          </Link>
        </div>
      </GridItem>
    </PageGrid>
  );
}
