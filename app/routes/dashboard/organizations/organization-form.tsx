import * as Tabs from "@radix-ui/react-tabs";
import { useEffect, useMemo, useRef, useState } from "react";
import { Form } from "react-router";
import { CsrfField } from "../../../components/dashboard/portal-context.tsx";
import { CheckboxInput, Field, FormAlert, SelectInput } from "../../../components/ui/field.tsx";
import { fieldProps, type ActionFailure } from "../../../lib/action-failure.ts";
import { countryOptions } from "../../../../shared/places/countries.ts";
import { optionsOf, type ResultOf } from "../../../lib/graphql.ts";
import { ContactsFields } from "./contacts-fields.tsx";
import type { OrganizationDetails } from "./queries.ts";
import { certificationLabels, kindLabels, productLabels } from "./words.ts";

export type Details = NonNullable<ResultOf<typeof OrganizationDetails>["organization"]>;

/** A tab panel of the form: kept in the page while another tab shows, so what was typed in it is sent too. */
const formTab = "grid gap-6 focus-visible:outline-2 focus-visible:outline-offset-4 data-[state=inactive]:hidden";

/** The fields on the Contacts tab; an error in any of them opens that tab. */
export function isContactField(name: string): boolean {
  return name === "phone" || name === "email" || name === "website" || name.startsWith("contacts");
}

/**
 * What the form would send, to tell whether anything was changed: the fields in order,
 * without the CSRF token.
 */
function snapshot(form: HTMLFormElement): string {
  const data = new FormData(form);
  data.delete("csrf");
  return new URLSearchParams(
    [...data].map(([name, value]) => [name, typeof value === "string" ? value : value.name]),
  ).toString();
}

/**
 * Everything about an organization, to add one or (with its row) to change it, as two
 * tabs of one form (details, and contacts) sent by the panel's save bar (`id`). It tells
 * the panel whether it holds changes not yet saved; the page remounts it at each new
 * version of the row, which starts it clean again.
 */
export function OrganizationForm({
  id,
  organization,
  failure,
  onDirtyChange,
  readOnly = false,
}: {
  id: string;
  organization: Details | null;
  failure: ActionFailure | undefined;
  onDirtyChange: (dirty: boolean) => void;
  /** For a viewer who may see the organization but not change it. */
  readOnly?: boolean;
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

  const form = useRef<HTMLFormElement>(null);
  const saved = useRef<string | null>(null);
  const compare = () => {
    if (form.current && saved.current !== null) onDirtyChange(snapshot(form.current) !== saved.current);
  };
  useEffect(() => {
    const element = form.current;
    if (!element) return;
    saved.current = snapshot(element);
    onDirtyChange(false);
    // A contact row added or removed changes what is sent without an input event.
    const rows = new MutationObserver(() => {
      if (saved.current !== null) onDirtyChange(snapshot(element) !== saved.current);
    });
    rows.observe(element, { childList: true, subtree: true });
    return () => rows.disconnect();
  }, [onDirtyChange]);

  return (
    <Form id={id} ref={form} preventScrollReset method="post" noValidate onInput={compare} onChange={compare}>
      <CsrfField />
      <input type="hidden" name="intent" value={intent} />
      {organization ? (
        <>
          <input type="hidden" name="id" value={organization.id} />
          <input type="hidden" name="version" value={organization.version} />
        </>
      ) : null}
      <FormAlert message={failure?.message} />
      <fieldset disabled={readOnly} className="contents">
        <Tabs.Content value="details" forceMount className={formTab}>
          <Field label="Name" required {...fieldProps(failure, "name", organization?.name)} />
          <SelectInput
            label="Kind"
            options={optionsOf(kindLabels)}
            {...fieldProps(failure, "kind", organization?.kind ?? "clinic")}
          />
          <fieldset className="grid gap-4">
            <legend className="mb-2 text-lg font-semibold">Address</legend>
            <Field
              label="Street"
              autoComplete="street-address"
              {...fieldProps(failure, "street", organization?.street)}
            />
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
            <legend className="mb-2 text-lg font-semibold">Equipment they run</legend>
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
            <legend className="mb-2 text-lg font-semibold">Certification and listing</legend>
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
              hint={
                status === "certified" ? "Required for a certified organization." : "Only for certified organizations."
              }
              {...fieldProps(failure, "certifiedUntil", organization?.certifiedUntil)}
            />
            <CheckboxInput
              label="List it on the public locations page"
              hint="Visitors can then find it when they look for a place to be scanned."
              name="publicListing"
              defaultChecked={values ? values.publicListing === "true" : (organization?.publicListing ?? false)}
            />
          </fieldset>
        </Tabs.Content>
        <Tabs.Content value="contacts" forceMount className={formTab}>
          <fieldset className="grid gap-4 sm:grid-cols-2">
            <legend className="mb-2 text-lg font-semibold">Main contact details</legend>
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
        </Tabs.Content>
      </fieldset>
    </Form>
  );
}
