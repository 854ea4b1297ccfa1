import { Plus, Trash2 } from "lucide-react";
import { useMemo, useState } from "react";
import { buttonClasses } from "../../../components/ui/button.tsx";
import { Field } from "../../../components/ui/field.tsx";
import type { ActionFailure } from "../../../lib/action-failure.ts";
import { maxContacts } from "./words.ts";

type Contact = { name: string; role: string | null; email: string | null; phone: string | null };
type Row = { name: string; role: string; email: string; phone: string; key: number };

/** The contacts as rows the page can add to and remove from; a row left blank is no contact. */
export function ContactsFields({ initial, failure }: { initial: Contact[]; failure: ActionFailure | undefined }) {
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
  const [rows, setRows] = useState<Row[]>(() => {
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
  const error = (index: number, field: string) => failure?.fields[`contacts.${index}.${field}`];
  return (
    <fieldset className="grid gap-4">
      <legend className="mb-2 text-lg font-semibold">Contacts</legend>
      {failure?.fields.contacts ? (
        <p className="text-sm font-medium text-red-700 dark:text-red-300">{failure.fields.contacts}</p>
      ) : null}
      {rows.map((row, index) => (
        <fieldset
          key={row.key}
          className="grid gap-3 rounded-xl p-4 ring-1 ring-gray-200 sm:grid-cols-2 dark:ring-gray-800"
        >
          <legend className="px-1 text-base font-semibold">Contact {index + 1}</legend>
          <Field label="Name" name={`contacts.${index}.name`} defaultValue={row.name} error={error(index, "name")} />
          <Field
            label="Job title"
            name={`contacts.${index}.role`}
            defaultValue={row.role}
            error={error(index, "role")}
          />
          <Field
            label="Email"
            type="email"
            name={`contacts.${index}.email`}
            defaultValue={row.email}
            error={error(index, "email")}
          />
          <Field
            label="Phone"
            type="tel"
            name={`contacts.${index}.phone`}
            defaultValue={row.phone}
            error={error(index, "phone")}
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
