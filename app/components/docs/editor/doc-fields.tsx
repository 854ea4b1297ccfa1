import { isProductId, productIds, productLine, productsNewestFirst } from "../../../../shared/product-line.ts";
import { slugLimit } from "../../../../shared/doc-paths.ts";
import { Field, SelectInput } from "../../ui/field.tsx";

export type Fields = {
  title: string;
  slug: string;
  parentId: string;
  position: string;
  description: string;
  /** The product generations it is for, as the form sends them: "v4,v5", "v5" or "v4". */
  products: string;
  counterpartId: string;
};
export type Place = { id: string; path: string; title: string; depth: number; products: readonly string[] };

const productChoices = [
  { value: productIds.join(","), label: "Both generations" },
  ...productsNewestFirst.map((id) => ({ value: id, label: `The ${productLine[id].name} only` })),
];

/**
 * Where the doc sits and what it is called: slug (suggested from the title until edited),
 * parent, position and description; which product generations it is for, and its version
 * for the other one. The server checks each; its messages show here.
 */
export function DocFields({
  fields,
  errors,
  places,
  selfId,
  publishedPath,
  onChange,
}: {
  fields: Fields;
  errors: Record<string, string>;
  places: readonly Place[];
  selfId: string | null;
  /** Where readers find the page now, if it is published. */
  publishedPath: string | null;
  onChange: (change: Partial<Fields> & { slugEdited?: boolean }) => void;
}) {
  const selfPath = places.find((place) => place.id === selfId)?.path;
  // A doc cannot sit under itself or a page under it: those are not offered (the server refuses them too).
  const choices = places.filter(
    (place) => !selfPath || (place.path !== selfPath && !place.path.startsWith(`${selfPath}/`)),
  );
  const parentPath = places.find((place) => place.id === fields.parentId)?.path;
  const address = `/docs/${parentPath ? `${parentPath}/` : ""}${fields.slug || "…"}`;
  const waiting = publishedPath !== null && `/docs/${publishedPath}` !== address;
  // Its other version: a page for exactly the other generation, offered once this one is for one.
  const others = isProductId(fields.products) ? productIds.filter((id) => id !== fields.products) : [];
  const other = others.length === 1 ? others[0] : null;
  const versions = other
    ? places.filter((place) => place.id !== selfId && place.products.length === 1 && place.products[0] === other)
    : [];
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-[minmax(0,1.2fr)_minmax(0,1fr)_9rem]">
      <Field
        label="Slug"
        hint={
          waiting
            ? `Its address: ${address}. Readers find it at /docs/${publishedPath} until you publish.`
            : `Its address: ${address}`
        }
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
      <SelectInput
        label="For"
        hint="Readers of each generation see the pages for theirs."
        error={errors.products}
        name="products"
        value={fields.products}
        onChange={(event) => onChange({ products: event.target.value, counterpartId: "" })}
        options={productChoices}
      />
      {other ? (
        <div className="xl:col-span-2">
          <SelectInput
            label={`Its version for the ${other}`}
            hint={`Readers of this page find a link to it, and readers of the ${other} who land here too.`}
            error={errors.counterpartId}
            name="counterpartId"
            value={fields.counterpartId}
            onChange={(event) => onChange({ counterpartId: event.target.value })}
            options={[
              { value: "", label: "None" },
              ...versions.map((place) => ({ value: place.id, label: `${place.title} (/docs/${place.path})` })),
            ]}
          />
        </div>
      ) : null}
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
