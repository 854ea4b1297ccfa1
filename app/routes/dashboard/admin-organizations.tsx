import { Plus, Trash2 } from "lucide-react";
import { useMemo, useState } from "react";
import { Form, Link, useActionData, useLocation, useNavigate, useNavigation } from "react-router";
import { failureFor, useFailureToast } from "../../components/dashboard/action-feedback.tsx";
import { ConfirmForm } from "../../components/dashboard/confirm-form.tsx";
import { DashboardErrorBoundary } from "../../components/dashboard/error-boundary.tsx";
import {
  EmptyState,
  ListFilters,
  ListTable,
  Pagination,
  PlainHeader,
  SearchField,
  SelectField,
  SortHeader,
  useListLoading,
} from "../../components/dashboard/list.tsx";
import { CsrfField, usePortal } from "../../components/dashboard/portal-context.tsx";
import { buttonClasses } from "../../components/ui/button.tsx";
import { Dialog } from "../../components/ui/dialog.tsx";
import { CheckboxInput, Field, FormAlert, SelectInput } from "../../components/ui/field.tsx";
import type { ActionFailure } from "../../lib/action-failure.ts";
import { failed, readForm, succeeded, unknownIntent } from "../../lib/actions.server.ts";
import { mutate, query, tryQuery } from "../../lib/api.server.ts";
import { countryOptions } from "../../lib/countries.ts";
import { can } from "../../lib/dashboard-nav.ts";
import { formatDate } from "../../lib/format.ts";
import { checked, integer, text } from "../../lib/form-data.ts";
import { graphql, type ResultOf, type VariablesOf } from "../../lib/graphql.ts";
import { oneOf, pageParams, searchParam, withParams } from "../../lib/list-params.ts";
import { requireReach, type PageReach } from "../../lib/page-access.server.ts";
import { privatePageMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/admin-organizations";

/** The page works on every row of the entity: the viewer's reach must be "all". */
const page: PageReach = {
  entity: "organization",
  operation: "read",
  refusal: "Only people who manage organizations can open this page.",
};

export const meta: Route.MetaFunction = () => privatePageMeta("Organizations");

const kinds = ["clinic", "hospital", "distributor", "research_site"] as const;
const certifications = ["not_certified", "in_training", "certified", "lapsed"] as const;
const sorts = ["name", "city", "updated"] as const;

const kindLabels: Record<string, string> = {
  clinic: "Clinic",
  hospital: "Hospital",
  distributor: "Distributor",
  research_site: "Research site",
};
const certificationLabels: Record<string, string> = {
  not_certified: "Not certified",
  in_training: "In training",
  certified: "Certified",
  lapsed: "Lapsed",
};
const options = (labels: Record<string, string>) => Object.entries(labels).map(([value, label]) => ({ value, label }));

const maxContacts = 10;

const OrganizationsQuery = graphql(`
  query AdminOrganizations(
    $search: String
    $kind: OrganizationKind
    $certificationStatus: CertificationStatus
    $publicListing: Boolean
    $sort: OrganizationSort
    $direction: SortDirection
    $first: Int
    $after: String
    $last: Int
    $before: String
  ) {
    organizations(
      search: $search
      kind: $kind
      certificationStatus: $certificationStatus
      publicListing: $publicListing
      sort: $sort
      direction: $direction
      first: $first
      after: $after
      last: $last
      before: $before
    ) {
      nodes {
        id
        name
        kind
        city
        countryName
        certificationStatus
        certifiedUntil
        publicListing
        memberCount
        version
      }
      pageInfo {
        hasNextPage
        hasPreviousPage
        startCursor
        endCursor
      }
    }
  }
`);

const OrganizationDetails = graphql(`
  query OrganizationDetails($id: ID!) {
    organization(id: $id) {
      id
      name
      kind
      street
      city
      region
      postalCode
      country
      phone
      email
      website
      contacts {
        name
        role
        email
        phone
      }
      products {
        product
        units
      }
      publicListing
      certificationStatus
      certifiedUntil
      version
      members {
        id
        name
        email
        role
      }
    }
    users(first: 100, sort: name, direction: asc) {
      nodes {
        id
        name
        email
        organization {
          id
        }
      }
    }
  }
`);

const CreateOrganization = graphql(`
  mutation CreateOrganization($input: OrganizationInput!) {
    createOrganization(input: $input) {
      id
      name
    }
  }
`);

const UpdateOrganization = graphql(`
  mutation UpdateOrganization($id: ID!, $version: Int!, $input: OrganizationInput!) {
    updateOrganization(id: $id, version: $version, input: $input) {
      id
      name
    }
  }
`);

const DeleteOrganization = graphql(`
  mutation DeleteOrganization($input: OrganizationVersionInput!) {
    deleteOrganization(input: $input) {
      name
    }
  }
`);

const SetListing = graphql(`
  mutation SetListing($input: PublicListingInput!) {
    setPublicListing(input: $input) {
      name
      publicListing
    }
  }
`);

const AddMember = graphql(`
  mutation AddMember($input: MemberInput!) {
    addMember(input: $input) {
      name
      email
    }
  }
`);

const RemoveMember = graphql(`
  mutation RemoveMember($input: MemberInput!) {
    removeMember(input: $input) {
      name
      email
    }
  }
`);

export async function loader({ context, url }: Route.LoaderArgs) {
  await requireReach(context, page);
  const params = url.searchParams;
  const listing = params.get("listing");
  const filters = {
    search: searchParam(params),
    kind: oneOf(params.get("kind"), kinds),
    certificationStatus: oneOf(params.get("certification"), certifications),
    publicListing: listing === "listed" ? true : listing === "unlisted" ? false : undefined,
    sort: oneOf(params.get("sort"), sorts, "name"),
    direction: oneOf(params.get("direction"), ["asc", "desc"] as const),
  };
  // Names and cities read A to Z; the last change newest first, unless the URL says otherwise.
  const direction = filters.direction ?? (filters.sort === "updated" ? "desc" : "asc");
  const list = await query(context, OrganizationsQuery, { ...filters, direction, ...pageParams(params) });
  const editId = params.get("edit");
  const details = editId ? await tryQuery(context, OrganizationDetails, { id: editId }) : null;
  return {
    filters: { ...filters, direction, listing: listing === "listed" || listing === "unlisted" ? listing : undefined },
    organizations: list.organizations.nodes,
    pageInfo: list.organizations.pageInfo,
    creating: params.get("new") === "1",
    editing: details?.ok ? details.data.organization : null,
    people: details?.ok ? details.data.users.nodes : [],
    editError: details && !details.ok ? details.error.message : null,
  };
}

type OrganizationInput = VariablesOf<typeof CreateOrganization>["input"];

/** The organization form's fields as the API's input (the API checks every one of them). */
function organizationInput(form: FormData): OrganizationInput {
  const contacts = [];
  for (let index = 0; index < maxContacts; index += 1) {
    const contact = {
      name: text(form, `contacts.${index}.name`)?.trim() ?? "",
      role: text(form, `contacts.${index}.role`),
      email: text(form, `contacts.${index}.email`),
      phone: text(form, `contacts.${index}.phone`),
    };
    if (contact.name || contact.role || contact.email || contact.phone) contacts.push(contact);
  }
  const products = (["v4", "v5"] as const)
    .map((product) => ({ product, units: integer(form, `units.${product}`) }))
    .filter((row) => !Number.isNaN(row.units) && row.units > 0);
  return {
    name: text(form, "name") ?? "",
    kind: oneOf(text(form, "kind") ?? null, kinds, "clinic"),
    street: text(form, "street"),
    city: text(form, "city") ?? "",
    region: text(form, "region"),
    postalCode: text(form, "postalCode"),
    country: text(form, "country") ?? "",
    phone: text(form, "phone"),
    email: text(form, "email"),
    website: text(form, "website"),
    contacts,
    products,
    publicListing: checked(form, "publicListing"),
    certificationStatus: oneOf(text(form, "certificationStatus") ?? null, certifications, "not_certified"),
    certifiedUntil: text(form, "certifiedUntil") || null,
  };
}

export async function action({ request, context, url }: Route.ActionArgs) {
  await requireReach(context, page);
  const form = await readForm(request);
  const intent = text(form, "intent") ?? "";
  const id = text(form, "id") ?? "";
  const version = integer(form, "version");
  switch (intent) {
    case "create": {
      const outcome = await mutate(context, CreateOrganization, { input: organizationInput(form) });
      if (!outcome.ok) return failed(intent, outcome, form);
      return succeeded(context, url, { title: `${outcome.data.createOrganization.name} was added` }, { new: null });
    }
    case "update": {
      const outcome = await mutate(context, UpdateOrganization, { id, version, input: organizationInput(form) });
      if (!outcome.ok) return failed(intent, outcome, form);
      return succeeded(context, url, { title: `${outcome.data.updateOrganization.name} was saved` });
    }
    case "delete": {
      const outcome = await mutate(context, DeleteOrganization, { input: { id, version } });
      if (!outcome.ok) return failed(intent, outcome, form);
      return succeeded(context, url, { title: `${outcome.data.deleteOrganization.name} was deleted` }, { edit: null });
    }
    case "listing": {
      const publicListing = text(form, "publicListing") === "true";
      const outcome = await mutate(context, SetListing, { input: { id, version, publicListing } });
      if (!outcome.ok) return failed(intent, outcome, form);
      const { name } = outcome.data.setPublicListing;
      return succeeded(context, url, {
        title: publicListing ? `${name} is listed on the locations page` : `${name} is no longer listed publicly`,
      });
    }
    case "addMember":
    case "removeMember": {
      const input = { organizationId: id, userId: text(form, "userId") ?? "" };
      const outcome =
        intent === "addMember"
          ? await mutate(context, AddMember, { input })
          : await mutate(context, RemoveMember, { input });
      if (!outcome.ok) return failed(intent, outcome, form);
      const person = "addMember" in outcome.data ? outcome.data.addMember : outcome.data.removeMember;
      const name = person.name ?? person.email ?? "The person";
      return succeeded(context, url, { title: intent === "addMember" ? `${name} was added` : `${name} was removed` });
    }
    default:
      return unknownIntent();
  }
}

type Row = ResultOf<typeof OrganizationsQuery>["organizations"]["nodes"][number];
type Details = NonNullable<ResultOf<typeof OrganizationDetails>["organization"]>;
type Person = ResultOf<typeof OrganizationDetails>["users"]["nodes"][number];

function Certification({ status, until }: { status: string; until: string | null }) {
  return (
    <span>
      {certificationLabels[status] ?? status}
      {status === "certified" && until ? (
        <span className="block text-sm text-gray-700 dark:text-gray-300">until {formatDate(until)}</span>
      ) : null}
    </span>
  );
}

function RowView({ organization }: { organization: Row }) {
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
          <button
            type="submit"
            className={buttonClasses("secondary", "md")}
            aria-label={`${organization.publicListing ? "Hide" : "List"} ${organization.name} on the locations page`}
          >
            {organization.publicListing ? "Hide" : "List"}
          </button>
        </Form>
      </td>
    </tr>
  );
}

function ContactsFields({ initial, failure }: { initial: Details["contacts"]; failure: ActionFailure | undefined }) {
  const fromFailure = useMemo(() => {
    if (!failure) return null;
    const rows = [];
    for (let index = 0; index < maxContacts; index += 1) {
      const value = (field: string) => failure.values[`contacts.${index}.${field}`] ?? "";
      if (value("name") || value("role") || value("email") || value("phone")) {
        rows.push({ name: value("name"), role: value("role"), email: value("email"), phone: value("phone") });
      }
    }
    return rows;
  }, [failure]);
  // Each row keeps its own key, so removing one never moves what was typed into another.
  const [nextKey, setNextKey] = useState(maxContacts);
  const [rows, setRows] = useState(() => {
    const start =
      fromFailure ??
      initial.map((contact) => ({
        name: contact.name,
        role: contact.role ?? "",
        email: contact.email ?? "",
        phone: contact.phone ?? "",
      }));
    return (start.length > 0 ? start : [{ name: "", role: "", email: "", phone: "" }]).map((row, key) => ({
      ...row,
      key,
    }));
  });
  return (
    <fieldset className="grid gap-4">
      <legend className="text-lg font-semibold">Contacts</legend>
      {failure?.fields.contacts ? (
        <p className="text-sm font-medium text-red-700 dark:text-red-300">{failure.fields.contacts}</p>
      ) : null}
      {rows.map((row, index) => (
        <fieldset
          key={row.key}
          className="grid gap-3 rounded-xl p-4 ring-1 ring-gray-200 sm:grid-cols-2 dark:ring-gray-800"
        >
          <legend className="px-1 text-base font-semibold">Contact {index + 1}</legend>
          <Field
            label="Name"
            name={`contacts.${index}.name`}
            defaultValue={row.name}
            error={failure?.fields[`contacts.${index}.name`]}
          />
          <Field
            label="Job title"
            name={`contacts.${index}.role`}
            defaultValue={row.role}
            error={failure?.fields[`contacts.${index}.role`]}
          />
          <Field
            label="Email"
            type="email"
            name={`contacts.${index}.email`}
            defaultValue={row.email}
            error={failure?.fields[`contacts.${index}.email`]}
          />
          <Field
            label="Phone"
            type="tel"
            name={`contacts.${index}.phone`}
            defaultValue={row.phone}
            error={failure?.fields[`contacts.${index}.phone`]}
          />
          <div className="sm:col-span-2">
            <button
              type="button"
              className={buttonClasses("ghost", "md")}
              onClick={() => setRows((current) => current.filter((other) => other.key !== row.key))}
            >
              <Trash2 aria-hidden="true" className="size-4" /> Remove contact {index + 1}
            </button>
          </div>
        </fieldset>
      ))}
      {rows.length < maxContacts ? (
        <div>
          <button
            type="button"
            className={buttonClasses("secondary", "md")}
            onClick={() => {
              setRows((current) => [...current, { name: "", role: "", email: "", phone: "", key: nextKey }]);
              setNextKey((key) => key + 1);
            }}
          >
            <Plus aria-hidden="true" className="size-4" /> Add a contact
          </button>
        </div>
      ) : null}
    </fieldset>
  );
}

function OrganizationForm({
  organization,
  failure,
}: {
  organization: Details | null;
  failure: ActionFailure | undefined;
}) {
  const navigation = useNavigation();
  const intent = organization ? "update" : "create";
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const values = failure?.values;
  const value = (name: string, fallback: string | null | undefined) => values?.[name] ?? fallback ?? "";
  const units = (product: "v4" | "v5") => organization?.products.find((row) => row.product === product)?.units;
  const countries = useMemo(() => countryOptions(), []);
  const [status, setStatus] = useState(
    value("certificationStatus", organization?.certificationStatus ?? "not_certified"),
  );
  const error = (name: string) => failure?.fields[name];
  return (
    <Form method="post" className="grid gap-6" noValidate>
      <CsrfField />
      <input type="hidden" name="intent" value={intent} />
      {organization ? (
        <>
          <input type="hidden" name="id" value={organization.id} />
          <input type="hidden" name="version" value={organization.version} />
        </>
      ) : null}
      <FormAlert message={failure?.message} />
      <Field label="Name" name="name" required defaultValue={value("name", organization?.name)} error={error("name")} />
      <SelectInput
        label="Kind"
        name="kind"
        options={options(kindLabels)}
        defaultValue={value("kind", organization?.kind ?? "clinic")}
        error={error("kind")}
      />
      <fieldset className="grid gap-4">
        <legend className="text-lg font-semibold">Address</legend>
        <Field
          label="Street"
          name="street"
          autoComplete="street-address"
          defaultValue={value("street", organization?.street)}
          error={error("street")}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="City"
            name="city"
            required
            defaultValue={value("city", organization?.city)}
            error={error("city")}
          />
          <Field
            label="State, province or region"
            name="region"
            defaultValue={value("region", organization?.region)}
            error={error("region")}
          />
          <Field
            label="Postal code"
            name="postalCode"
            defaultValue={value("postalCode", organization?.postalCode)}
            error={error("postalCode")}
          />
          <SelectInput
            label="Country"
            name="country"
            options={[{ value: "", label: "Choose a country" }, ...countries]}
            defaultValue={value("country", organization?.country ?? "US")}
            error={error("country")}
          />
        </div>
      </fieldset>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="text-lg font-semibold">Main contact details</legend>
        <Field
          label="Phone"
          type="tel"
          name="phone"
          defaultValue={value("phone", organization?.phone)}
          error={error("phone")}
        />
        <Field
          label="Email"
          type="email"
          name="email"
          defaultValue={value("email", organization?.email)}
          error={error("email")}
        />
        <div className="sm:col-span-2">
          <Field
            label="Website"
            type="url"
            name="website"
            hint="The full address, starting with https://"
            defaultValue={value("website", organization?.website)}
            error={error("website")}
          />
        </div>
      </fieldset>
      <ContactsFields initial={organization?.contacts ?? []} failure={failure} />
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="text-lg font-semibold">Equipment they run</legend>
        <Field
          label="v4 units"
          type="number"
          min={0}
          max={10000}
          name="units.v4"
          defaultValue={value("units.v4", String(units("v4") ?? 0))}
          error={error("products")}
        />
        <Field
          label="v5 units"
          type="number"
          min={0}
          max={10000}
          name="units.v5"
          defaultValue={value("units.v5", String(units("v5") ?? 0))}
        />
      </fieldset>
      <fieldset className="grid gap-4">
        <legend className="text-lg font-semibold">Certification and listing</legend>
        <SelectInput
          label="Certification"
          name="certificationStatus"
          options={options(certificationLabels)}
          value={status}
          onChange={(event) => setStatus(event.target.value)}
          error={error("certificationStatus")}
        />
        <Field
          label="Certified until"
          type="date"
          name="certifiedUntil"
          hint={status === "certified" ? "Required for a certified organization." : "Only for certified organizations."}
          defaultValue={value("certifiedUntil", organization?.certifiedUntil)}
          error={error("certifiedUntil")}
        />
        <CheckboxInput
          label="List it on the public locations page"
          hint="Visitors can then find it when they look for a place to be scanned."
          name="publicListing"
          defaultChecked={values ? values.publicListing === "on" : (organization?.publicListing ?? false)}
        />
      </fieldset>
      <div className="flex flex-wrap justify-end gap-3">
        <button type="submit" className={buttonClasses("primary", "lg")} disabled={saving}>
          {saving ? "Saving…" : organization ? "Save changes" : "Add the organization"}
        </button>
      </div>
    </Form>
  );
}

function Members({
  organization,
  people,
  failure,
}: {
  organization: Details;
  people: Person[];
  failure: ActionFailure | undefined;
}) {
  const candidates = people.filter((person) => person.organization?.id !== organization.id);
  return (
    <section aria-labelledby="members" className="grid gap-4">
      <h3 id="members" className="text-lg font-semibold">
        Members
      </h3>
      <FormAlert message={failureFor(failure, "addMember")?.message ?? failureFor(failure, "removeMember")?.message} />
      {organization.members.length === 0 ? (
        <p className="text-base text-gray-700 dark:text-gray-300">No one belongs to it yet.</p>
      ) : (
        <ul className="grid gap-2">
          {organization.members.map((member) => {
            const label = member.name ?? member.email ?? "Unnamed user";
            return (
              <li
                key={member.id}
                className="flex flex-wrap items-center justify-between gap-3 rounded-xl px-4 py-2 ring-1 ring-gray-200 dark:ring-gray-800"
              >
                <span>
                  <span className="font-semibold">{label}</span>
                  <span className="block text-sm text-gray-700 capitalize dark:text-gray-300">{member.role}</span>
                </span>
                <ConfirmForm
                  fields={{ intent: "removeMember", id: organization.id, userId: member.id }}
                  label="Remove"
                  accessibleLabel={`Remove ${label}`}
                  title={`Remove ${label} from ${organization.name}?`}
                  description="Their account stays; they just no longer belong to this organization."
                  confirmLabel="Remove"
                />
              </li>
            );
          })}
        </ul>
      )}
      {candidates.length > 0 ? (
        <Form method="post" className="flex flex-wrap items-end gap-3">
          <CsrfField />
          <input type="hidden" name="intent" value="addMember" />
          <input type="hidden" name="id" value={organization.id} />
          <div className="min-w-56 flex-1">
            <SelectInput
              label="Add a member"
              name="userId"
              hint="Someone in another organization moves to this one."
              options={candidates.map((person) => ({
                value: person.id,
                label: person.name ?? person.email ?? person.id,
              }))}
            />
          </div>
          <button type="submit" className={buttonClasses("secondary", "md")}>
            Add
          </button>
        </Form>
      ) : null}
    </section>
  );
}

/** Admin: the clinics, hospitals, distributors and research sites that run or sell the equipment. */
export default function AdminOrganizations({ loaderData }: Route.ComponentProps) {
  const { filters, organizations, pageInfo, creating, editing, people, editError } = loaderData;
  const failure = useActionData<typeof action>();
  useFailureToast(failure);
  const { capabilities } = usePortal();
  const { search, pathname } = useLocation();
  const navigate = useNavigate();
  const loading = useListLoading();
  const close = (param: string) =>
    void navigate(`${pathname}${withParams(search, { [param]: null })}`, { preventScrollReset: true });
  const filtered = Boolean(filters.search || filters.kind || filters.certificationStatus || filters.listing);
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-1">
          <h1 className="text-3xl font-bold tracking-tight">Organizations</h1>
          <p className="text-base text-gray-700 dark:text-gray-300">
            Clinics, hospitals, distributors and research sites. Listed ones appear on the public locations page.
          </p>
        </div>
        {can(capabilities, "organization", "create") ? (
          <Link to={withParams(search, { new: "1" })} className={buttonClasses("primary", "md")} preventScrollReset>
            <Plus aria-hidden="true" className="size-5" /> Add an organization
          </Link>
        ) : null}
      </div>

      <ListFilters label="Filter organizations">
        <SearchField label="Name or city" defaultValue={filters.search} />
        <SelectField
          label="Kind"
          name="kind"
          anyLabel="Any kind"
          defaultValue={filters.kind}
          options={options(kindLabels)}
        />
        <SelectField
          label="Certification"
          name="certification"
          anyLabel="Any"
          defaultValue={filters.certificationStatus}
          options={options(certificationLabels)}
        />
        <SelectField
          label="Public listing"
          name="listing"
          anyLabel="Listed or not"
          defaultValue={filters.listing}
          options={[
            { value: "listed", label: "Listed" },
            { value: "unlisted", label: "Not listed" },
          ]}
        />
      </ListFilters>

      {organizations.length === 0 ? (
        <EmptyState title={filtered ? "No organization matches these filters" : "No organizations yet"}>
          {filtered ? (
            <Link to={pathname} className="font-semibold text-bdblue-700 underline dark:text-bdblue-300">
              Clear the filters
            </Link>
          ) : (
            <p>Add the first one with the button above.</p>
          )}
        </EmptyState>
      ) : (
        <ListTable caption="Organizations" loading={loading}>
          <thead className="bg-gray-50 text-sm text-gray-700 dark:bg-gray-900 dark:text-gray-300">
            <tr>
              <SortHeader
                label="Name"
                sortKey="name"
                current={filters.sort}
                direction={filters.direction}
                className="px-4"
              />
              <SortHeader label="City" sortKey="city" current={filters.sort} direction={filters.direction} />
              <PlainHeader>Certification</PlainHeader>
              <PlainHeader>Members</PlainHeader>
              <PlainHeader>Public listing</PlainHeader>
            </tr>
          </thead>
          <tbody>
            {organizations.map((organization) => (
              <RowView key={organization.id} organization={organization} />
            ))}
          </tbody>
        </ListTable>
      )}
      <Pagination pageInfo={pageInfo} label="Organizations" />

      {creating ? (
        <Dialog open onOpenChange={(open) => !open && close("new")} title="Add an organization" variant="side">
          <OrganizationForm organization={null} failure={failureFor(failure, "create")} />
        </Dialog>
      ) : null}
      {editing ? (
        <Dialog
          open
          onOpenChange={(open) => !open && close("edit")}
          title={editing.name}
          description={kindLabels[editing.kind]}
          variant="side"
        >
          <div className="grid gap-10">
            <OrganizationForm key={editing.version} organization={editing} failure={failureFor(failure, "update")} />
            <Members organization={editing} people={people} failure={failure} />
            <section aria-labelledby="delete" className="grid gap-3">
              <h3 id="delete" className="text-lg font-semibold">
                Delete
              </h3>
              <p className="text-base text-gray-700 dark:text-gray-300">
                Its members keep their accounts, without an organization.
              </p>
              <FormAlert message={failureFor(failure, "delete")?.message} />
              <div>
                <ConfirmForm
                  fields={{ intent: "delete", id: editing.id, version: editing.version }}
                  label={`Delete ${editing.name}`}
                  title={`Delete ${editing.name}?`}
                  description="This cannot be undone. The activity log keeps a record of it."
                  confirmLabel="Delete"
                />
              </div>
            </section>
          </div>
        </Dialog>
      ) : null}
      {editError ? (
        <p
          role="alert"
          className="rounded-lg border-l-4 border-red-600 bg-red-50 px-4 py-3 text-base text-red-900 dark:bg-red-950 dark:text-red-100"
        >
          {editError}
        </p>
      ) : null}
    </div>
  );
}

export { DashboardErrorBoundary as ErrorBoundary };
