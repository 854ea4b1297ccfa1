import { SubmitButton } from "../../../components/dashboard/submit-button.tsx";
import { useMemo, useState } from "react";
import { Form } from "react-router";
import { CsrfField } from "../../../components/dashboard/portal-context.tsx";
import { CheckboxInput, Field, FormAlert, SelectInput } from "../../../components/ui/field.tsx";
import { fieldProps, type ActionFailure } from "../../../lib/action-failure.ts";
import { countryOptions } from "../../../lib/countries.ts";
import { optionsOf, type ResultOf } from "../../../lib/graphql.ts";
import { ContactsFields } from "./contacts-fields.tsx";
import type { OrganizationDetails } from "./queries.ts";
import { certificationLabels, kindLabels, productLabels } from "./words.ts";

type Details = NonNullable<ResultOf<typeof OrganizationDetails>["organization"]>;

/** Everything about an organization, to add one or (with its row) to change it. */
export function OrganizationForm({
  organization,
  failure,
}: {
  organization: Details | null;
  failure: ActionFailure | undefined;
}) {
  const intent = organization ? "update" : "create";
  const values = failure?.values;
  const value = (name: string, saved: string | null | undefined) => values?.[name] ?? saved ?? "";
  const units = (product: string) => organization?.products.find((row) => row.product === product)?.units;
  const countries = useMemo(() => countryOptions(), []);
  const [status, setStatus] = useState(
    value("certificationStatus", organization?.certificationStatus ?? "not_certified"),
  );
  const error = (name: string) => failure?.fields[name];
  return (
    <Form preventScrollReset method="post" className="grid gap-6" noValidate>
      <CsrfField />
      <input type="hidden" name="intent" value={intent} />
      {organization ? (
        <>
          <input type="hidden" name="id" value={organization.id} />
          <input type="hidden" name="version" value={organization.version} />
        </>
      ) : null}
      <FormAlert message={failure?.message} />
      <Field label="Name" required {...fieldProps(failure, "name", organization?.name)} />
      <SelectInput
        label="Kind"
        options={optionsOf(kindLabels)}
        {...fieldProps(failure, "kind", organization?.kind ?? "clinic")}
      />
      <fieldset className="grid gap-4">
        <legend className="text-lg font-semibold">Address</legend>
        <Field label="Street" autoComplete="street-address" {...fieldProps(failure, "street", organization?.street)} />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="City" required {...fieldProps(failure, "city", organization?.city)} />
          <Field label="State, province or region" {...fieldProps(failure, "region", organization?.region)} />
          <Field label="Postal code" {...fieldProps(failure, "postalCode", organization?.postalCode)} />
          <SelectInput
            label="Country"
            options={[{ value: "", label: "Choose a country" }, ...countries]}
            {...fieldProps(failure, "country", organization?.country ?? "US")}
          />
        </div>
      </fieldset>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="text-lg font-semibold">Main contact details</legend>
        <Field label="Phone" type="tel" {...fieldProps(failure, "phone", organization?.phone)} />
        <Field label="Email" type="email" {...fieldProps(failure, "email", organization?.email)} />
        <div className="sm:col-span-2">
          <Field
            label="Website"
            type="url"
            hint="The full address, starting with https://"
            {...fieldProps(failure, "website", organization?.website)}
          />
        </div>
      </fieldset>
      <ContactsFields initial={organization?.contacts ?? []} failure={failure} />
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="text-lg font-semibold">Equipment they run</legend>
        {error("products") ? (
          <p className="text-sm font-medium text-red-700 sm:col-span-2 dark:text-red-300">{error("products")}</p>
        ) : null}
        {optionsOf(productLabels).map((product, index) => (
          <div key={product.value}>
            <input type="hidden" name={`products.${index}.product`} value={product.value} />
            <Field
              label={product.label}
              type="number"
              min={0}
              max={10000}
              name={`products.${index}.units`}
              defaultValue={value(`products.${index}.units`, String(units(product.value) ?? 0))}
              error={error(`products.${index}.units`)}
            />
          </div>
        ))}
      </fieldset>
      <fieldset className="grid gap-4">
        <legend className="text-lg font-semibold">Certification and listing</legend>
        <SelectInput
          label="Certification"
          name="certificationStatus"
          options={optionsOf(certificationLabels)}
          value={status}
          onChange={(event) => setStatus(event.target.value)}
          error={error("certificationStatus")}
        />
        <Field
          label="Certified until"
          type="date"
          hint={status === "certified" ? "Required for a certified organization." : "Only for certified organizations."}
          {...fieldProps(failure, "certifiedUntil", organization?.certifiedUntil)}
        />
        <CheckboxInput
          label="List it on the public locations page"
          hint="Visitors can then find it when they look for a place to be scanned."
          name="publicListing"
          defaultChecked={values ? values.publicListing === "true" : (organization?.publicListing ?? false)}
        />
      </fieldset>
      <div className="flex flex-wrap justify-end gap-3">
        <SubmitButton intent={intent} size="lg">
          {organization ? "Save changes" : "Add the organization"}
        </SubmitButton>
      </div>
    </Form>
  );
}
