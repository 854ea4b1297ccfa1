import { slugLimit } from "../../../lib/doc-paths.ts";
import { Field, SelectInput } from "../../ui/field.tsx";

export type Fields = { title: string; slug: string; parentId: string; position: string; description: string };
export type Place = { id: string; path: string; title: string; depth: number };

/**
 * Where the doc sits and what it is called: slug (suggested from the title until edited),
 * parent, position and description. The server checks each; its messages show here.
 */
export function DocFields({
  fields,
  errors,
  places,
  selfId,
  onChange,
}: {
  fields: Fields;
  errors: Record<string, string>;
  places: readonly Place[];
  selfId: string | null;
  onChange: (change: Partial<Fields> & { slugEdited?: boolean }) => void;
}) {
  const selfPath = places.find((place) => place.id === selfId)?.path;
  // A doc cannot sit under itself or a page under it: those are not offered (the server refuses them too).
  const choices = places.filter(
    (place) => !selfPath || (place.path !== selfPath && !place.path.startsWith(`${selfPath}/`)),
  );
  const parentPath = places.find((place) => place.id === fields.parentId)?.path;
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-[minmax(0,1.2fr)_minmax(0,1fr)_9rem]">
      <Field
        label="Slug"
        hint={`Its address: /docs/${parentPath ? `${parentPath}/` : ""}${fields.slug || "…"}`}
        error={errors.slug}
        name="slug"
        value={fields.slug}
        maxLength={slugLimit}
        autoCapitalize="none"
        spellCheck={false}
        onChange={(event) => onChange({ slug: event.target.value, slugEdited: true })}
      />
      <SelectInput
        label="Parent"
        error={errors.parentId}
        name="parentId"
        value={fields.parentId}
        onChange={(event) => onChange({ parentId: event.target.value })}
        options={[
          { value: "", label: "None (a top-level page)" },
          ...choices.map((place) => ({ value: place.id, label: `${"— ".repeat(place.depth)}${place.title}` })),
        ]}
      />
      <Field
        label="Position"
        hint="0 is first; empty puts it last."
        error={errors.position}
        name="position"
        type="number"
        min={0}
        max={10000}
        inputMode="numeric"
        value={fields.position}
        onChange={(event) => onChange({ position: event.target.value })}
      />
      <div className="sm:col-span-2 xl:col-span-3">
        <Field
          label="Description"
          hint="One or two sentences, shown under the title and in search."
          error={errors.description}
          name="description"
          value={fields.description}
          maxLength={300}
          onChange={(event) => onChange({ description: event.target.value })}
        />
      </div>
    </div>
  );
}
