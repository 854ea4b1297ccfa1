import { Eye, EyeOff } from "lucide-react";
import { Form, Link, useLocation } from "react-router";
import type { Column } from "../../../components/dashboard/data-table.tsx";
import { CsrfField } from "../../../components/dashboard/portal-context.tsx";
import { SubmitButton } from "../../../components/dashboard/submit-button.tsx";
import { StatusPill, type PillTone } from "../../../components/ui/status-pill.tsx";
import { formatCount, formatDate } from "../../../lib/format.ts";
import type { ApiEnum, ResultOf } from "../../../lib/graphql.ts";
import { withParams } from "../../../lib/list-params.ts";
import type { OrganizationsQuery } from "./queries.ts";
import { certificationLabels, kindLabels } from "./words.ts";

type Row = ResultOf<typeof OrganizationsQuery>["organizations"]["nodes"][number];

const certificationTones: Record<ApiEnum<"CertificationStatus">, PillTone> = {
  certified: "green",
  in_training: "blue",
  lapsed: "amber",
  not_certified: "gray",
};

/** An organization's certification, as a badge (as a person's status is), with its end date when certified. */
function Certification({ status, until }: { status: ApiEnum<"CertificationStatus">; until: string | null }) {
  return (
    <span className="inline-grid justify-items-start gap-0.5 stacked:justify-items-end">
      <StatusPill tone={certificationTones[status]}>{certificationLabels[status]}</StatusPill>
      {status === "certified" && until ? (
        <span className="text-xs whitespace-nowrap text-gray-700 dark:text-gray-300">until {formatDate(until)}</span>
      ) : null}
    </span>
  );
}

function NameCell({ organization }: { organization: Row }) {
  const { search } = useLocation();
  return (
    <>
      <Link
        to={withParams(search, { edit: organization.id })}
        preventScrollReset
        className="font-semibold text-bdblue-700 underline-offset-2 hover:underline dark:text-bdblue-300"
      >
        {organization.name}
      </Link>
      <span className="block text-gray-700 dark:text-gray-300">{kindLabels[organization.kind]}</span>
    </>
  );
}

/** Whether it is on the public locations page, and (for who may change it) a button to switch that in place. */
function ListingCell({ organization }: { organization: Row }) {
  const listed = organization.publicListing;
  const Icon = listed ? Eye : EyeOff;
  return (
    <Form
      preventScrollReset
      method="post"
      className="flex items-center justify-between gap-3 whitespace-nowrap [overflow-wrap:normal]"
    >
      <CsrfField />
      <input type="hidden" name="intent" value="listing" />
      <input type="hidden" name="id" value={organization.id} />
      <input type="hidden" name="version" value={organization.version} />
      <input type="hidden" name="publicListing" value={String(!listed)} />
      <span className="inline-flex items-center gap-1.5 whitespace-nowrap">
        <Icon aria-hidden="true" className="size-4 text-gray-600 dark:text-gray-400" />
        {listed ? "On the locations page" : "Not shown"}
      </span>
      {organization.can.setPublicListing ? (
        <SubmitButton
          intent="listing"
          id={organization.id}
          variant="secondary"
          className="min-h-9 px-3"
          pendingLabel={listed ? "Hiding…" : "Listing…"}
          label={`${listed ? "Hide" : "List"} ${organization.name} on the locations page`}
        >
          {listed ? "Hide" : "List"}
        </SubmitButton>
      ) : null}
    </Form>
  );
}

/** The organizations list's columns: on a phone, the name and certification, then city and members on one line. */
export const organizationColumns: Column<Row>[] = [
  {
    id: "name",
    header: "Name",
    sort: { key: "name" },
    phone: "primary",
    cell: (organization) => <NameCell organization={organization} />,
  },
  {
    id: "city",
    header: "City",
    sort: { key: "city" },
    phone: "fact",
    cell: (organization) => (
      <>
        {organization.city}
        <span className="block text-gray-700 dark:text-gray-300">{organization.countryName}</span>
      </>
    ),
    fact: (organization) => `${organization.city}, ${organization.countryName}`,
  },
  {
    id: "certification",
    header: "Certification",
    phone: "aside",
    cell: (organization) => (
      <Certification status={organization.certificationStatus} until={organization.certifiedUntil} />
    ),
  },
  {
    id: "members",
    header: "Members",
    phone: "fact",
    className: "tabular-nums",
    cell: (organization) => organization.memberCount,
    fact: (organization) => formatCount(organization.memberCount, "member", "members"),
  },
  {
    id: "listing",
    header: "Public listing",
    phone: "hidden",
    cell: (organization) => <ListingCell organization={organization} />,
  },
];
