import { SubmitButton } from "../../../components/dashboard/submit-button.tsx";
import { Form, Link, useLocation } from "react-router";
import { CsrfField } from "../../../components/dashboard/portal-context.tsx";
import { formatDate } from "../../../lib/format.ts";
import type { ApiEnum, ResultOf } from "../../../lib/graphql.ts";
import { withParams } from "../../../lib/list-params.ts";
import type { OrganizationsQuery } from "./queries.ts";
import { certificationLabels, kindLabels } from "./words.ts";

type Row = ResultOf<typeof OrganizationsQuery>["organizations"]["nodes"][number];

export function Certification({ status, until }: { status: ApiEnum<"CertificationStatus">; until: string | null }) {
  return (
    <span>
      {certificationLabels[status]}
      {status === "certified" && until ? (
        <span className="block text-sm text-gray-700 dark:text-gray-300">until {formatDate(until)}</span>
      ) : null}
    </span>
  );
}

/** One organization in the list: its name opens its panel, and its listing switches in place. */
export function OrganizationRow({ organization }: { organization: Row }) {
  const { search } = useLocation();
  return (
    <tr className="border-t border-gray-200 align-top dark:border-gray-800">
      <th scope="row" className="px-4 py-3 text-left font-normal">
        <Link
          to={withParams(search, { edit: organization.id })}
          className="font-semibold text-bdblue-700 underline-offset-2 hover:underline dark:text-bdblue-300"
        >
          {organization.name}
        </Link>
        <span className="block text-sm text-gray-700 dark:text-gray-300">{kindLabels[organization.kind]}</span>
      </th>
      <td className="py-3 pr-4">
        {organization.city}
        <span className="block text-sm text-gray-700 dark:text-gray-300">{organization.countryName}</span>
      </td>
      <td className="py-3 pr-4">
        <Certification status={organization.certificationStatus} until={organization.certifiedUntil} />
      </td>
      <td className="py-3 pr-4">{organization.memberCount}</td>
      <td className="py-3 pr-4">
        <Form method="post" className="flex items-center gap-2">
          <CsrfField />
          <input type="hidden" name="intent" value="listing" />
          <input type="hidden" name="id" value={organization.id} />
          <input type="hidden" name="version" value={organization.version} />
          <input type="hidden" name="publicListing" value={String(!organization.publicListing)} />
          <span className="min-w-14">{organization.publicListing ? "Listed" : "Hidden"}</span>
          {organization.can.setPublicListing ? (
            <SubmitButton
              intent="listing"
              id={organization.id}
              variant="secondary"
              pendingLabel={organization.publicListing ? "Hiding…" : "Listing…"}
              label={`${organization.publicListing ? "Hide" : "List"} ${organization.name} on the locations page`}
            >
              {organization.publicListing ? "Hide" : "List"}
            </SubmitButton>
          ) : null}
        </Form>
      </td>
    </tr>
  );
}
